import { takeawaysMail } from './takeaways.mail';

describe('takeaways mail', () => {
  it('renders each takeaway from markdown: HTML escaped with bold, plain text without markdown syntax', () => {
    const mail = takeawaysMail(
      'ana@example.com',
      'Ana',
      {
        takeaways: ['**Residual values** fell 4% <img src=x onerror=alert(1)> [p. 3]', 'Use `DSCR` *and* FICO'],
        sources: ['Lender Panel', 'Credit Workshop'],
      },
      'all sessions',
      'ana@example.com',
      { name: 'PyConFR 2024', venue: 'Strasbourg' },
    );
    expect(mail.subject).toBe('Your key takeaways from PyConFR 2024');
    expect(mail.text).toContain('PyConFR 2024 · Strasbourg');
    expect(mail.html).toContain('<strong>Residual values</strong> fell 4% &lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Use <code>DSCR</code> <em>and</em> FICO');
    expect(mail.text).toContain('1. Residual values fell 4% <img src=x onerror=alert(1)> [p. 3]\n   Source: Lender Panel');
    expect(mail.text).toContain('2. Use DSCR and FICO\n   Source: Credit Workshop');
    expect(mail.text).not.toContain('**');
  });
});
