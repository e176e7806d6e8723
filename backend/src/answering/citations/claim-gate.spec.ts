import { ClaimGate } from './claim-gate';

/** The gate's output for a model's answer streamed in pieces of `size` characters. */
function gated(answer: string, size = 7): string {
  const gate = new ClaimGate();
  let out = '';
  for (let i = 0; i < answer.length; i += size) out += gate.push(answer.slice(i, i + size));
  return out + gate.end();
}

describe('ClaimGate (a model answer: every statement passes with its citation)', () => {
  it('leaves out a bullet and a sentence that state something without a citation', () => {
    const answer = [
      'Lenders hold a FICO floor of 680 [p. 3]. Most of them also ask for two years in business. They decline below 650. [p. 4]',
      '',
      'Key points:',
      '- The floor applies to app-only deals [p. 3]',
      '- Another claim whose invented source was dropped',
      '- Yes.',
    ].join('\n');
    expect(gated(answer)).toBe(
      [
        'Lenders hold a FICO floor of 680 [p. 3]. They decline below 650. [p. 4]',
        '',
        'Key points:',
        '- The floor applies to app-only deals [p. 3]',
        '- Yes.',
      ].join('\n'),
    );
  });

  it('keeps the refusal and the "may not answer" note, which are not claims about the material', () => {
    const note = 'These are the closest passages the conference materials hold; they may not answer the question.';
    expect(gated(`${note}\n\n- Residual values follow auction prices [Residual Panel, 12:34]`)).toBe(
      `${note}\n\n- Residual values follow auction prices [Residual Panel, 12:34]`,
    );
    expect(gated("The conference materials don't cover this.")).toBe("The conference materials don't cover this.");
  });

  it('passes everything as it is when inactive (an answer the app composed)', () => {
    const gate = new ClaimGate(false);
    expect(gate.push('- An uncited line of a composed answer\n') + gate.end()).toBe('- An uncited line of a composed answer\n');
    expect(gate.text).toBe('- An uncited line of a composed answer\n');
  });
});
