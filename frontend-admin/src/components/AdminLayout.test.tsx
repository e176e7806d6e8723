import { render, screen } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { useConferenceTimeZone } from '@/lib/useConference';
import { conference } from '@/test/factories';
import { AdminLayout } from './AdminLayout';
import { SuperAdminLayout } from './SuperAdminLayout';

/** Every zone a screen of the console was given to show times in, in order. */
function zoneProbe() {
  const seen: string[] = [];
  function Probe() {
    const zone = useConferenceTimeZone();
    seen.push(zone);
    return <p>Times in {zone}</p>;
  }
  return { seen, Probe };
}

function renderIn(Layout: typeof AdminLayout, getConference: () => Promise<unknown>) {
  const { seen, Probe } = zoneProbe();
  const dataProvider = { getConference: vi.fn(getConference) } as unknown as DataProvider;
  render(
    <AdminContext dataProvider={dataProvider} queryClient={createQueryClient()}>
      <Layout>
        <Probe />
      </Layout>
    </AdminContext>,
  );
  return seen;
}

describe("the consoles show times in the conference's own zone only", () => {
  it.each([
    ['admin', AdminLayout],
    ['super admin', SuperAdminLayout],
  ])('the %s console shows no time until the settings give the zone: never another conference’s', async (_name, Layout) => {
    let answer: (c: unknown) => void = () => undefined;
    const seen = renderIn(Layout, () => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText(/Times in/)).not.toBeInTheDocument();
    answer(conference({ timeZone: 'Europe/Paris' }));
    expect(await screen.findByText('Times in Europe/Paris')).toBeInTheDocument();
    expect(new Set(seen)).toEqual(new Set(['Europe/Paris']));
  });

  it('says so when the settings cannot be loaded, and shows times in UTC', async () => {
    const seen = renderIn(AdminLayout, () => Promise.reject(new Error('offline')));
    expect(await screen.findByText('The conference settings could not be loaded: times are shown in UTC.')).toBeInTheDocument();
    expect(screen.getByText('Times in UTC')).toBeInTheDocument();
    expect(new Set(seen)).toEqual(new Set(['UTC']));
  });
});
