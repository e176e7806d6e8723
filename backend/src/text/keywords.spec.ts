import { keywords, withoutInstructions } from './keywords';

describe('keywords', () => {
  it("drops the function words of the question's own language, English's through the lexicon", () => {
    expect(keywords("Quel conseil donne l'intervenant aux mainteneurs de paquets ?")).toEqual([
      'conseil',
      'intervenant',
      'mainteneurs',
      'paquets',
    ]);
    expect(keywords('Welchen Rat gibt die Referentin zu den Erweiterungen?')).toEqual(['rat', 'referentin', 'erweiterungen']);
    expect(keywords('¿Qué dijo Dana sobre la tarificación?')).toEqual(['dijo', 'dana', 'tarificacion']);
    expect(keywords('What advice does the speaker give on residual values?')).toEqual(['advice', 'residual', 'values']);
  });

  it('leaves out the words of the asking itself, in every form', () => {
    expect(keywords('What did the minister think about summer jobs when talking about employment?')).toEqual([
      'minister',
      'summer',
      'jobs',
      'employment',
    ]);
    expect(keywords('What was discussed about summer jobs when they talked about employment?')).toEqual(['summer', 'jobs', 'employment']);
  });
});

describe('withoutInstructions', () => {
  it('leaves out the sentences that say how to answer', () => {
    expect(
      withoutInstructions(
        'What is the FY2019 fixed asset turnover ratio? Fixed asset turnover is defined as revenue / average PP&E. Round your answer to two decimal places. Base your judgments on the statement of income.',
      ),
    ).toBe('What is the FY2019 fixed asset turnover ratio? Fixed asset turnover is defined as revenue / average PP&E.');
    expect(
      withoutInstructions(
        'Does the clinic have improving wait times? If wait time is not a useful measure here, then state that and explain why.',
      ),
    ).toBe('Does the clinic have improving wait times?');
    expect(withoutInstructions('Please utilize information provided in the appendix. Which dose was given?')).toBe('Which dose was given?');
  });

  it('keeps definitions, questions and a question made only of an instruction', () => {
    expect(withoutInstructions('Define working capital as current assets minus current liabilities. What was it in 2020?')).toBe(
      'Define working capital as current assets minus current liabilities. What was it in 2020?',
    );
    expect(withoutInstructions('Give the dosing schedule for children.')).toBe('Give the dosing schedule for children.');
    expect(withoutInstructions('Use of proceeds?')).toBe('Use of proceeds?');
  });
});
