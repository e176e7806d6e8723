import { inProgramOrder } from './program-order';

const row = (title: string, day: number | null, date: string | null, startTime: string | null) => ({ title, day, date, startTime });

describe('inProgramOrder', () => {
  it('orders by day, date and start time read as a clock, missing values last, equals kept in the order given', () => {
    const rows = [
      row('Unscheduled', null, null, null),
      row('Afternoon', 1, '2025-09-08T00:00:00Z', '2:00 PM'),
      row('No time', 1, '2025-09-08T00:00:00Z', null),
      row('Mid-morning, 24-hour', 1, '2025-09-08T00:00:00Z', '10:15'),
      row('Morning', 1, '2025-09-08T00:00:00Z', '9:30 AM'),
      row('Also morning', 1, '2025-09-08T00:00:00Z', '9:30 AM'),
      row('Day two', 2, '2025-09-09T00:00:00Z', '8:00 AM'),
      row('Noon', 1, '2025-09-08T00:00:00Z', '12:00 PM'),
    ];
    expect(inProgramOrder(rows).map((r) => r.title)).toEqual([
      'Morning',
      'Also morning',
      'Mid-morning, 24-hour',
      'Noon',
      'Afternoon',
      'No time',
      'Day two',
      'Unscheduled',
    ]);
  });
});
