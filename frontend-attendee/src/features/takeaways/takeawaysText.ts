/** A takeaway without a bullet of its own (the panel draws one, the file numbers them). */
export function cleanTakeaway(text: string): string {
  return text.replace(/^[\s•*·-]+/, '').trim();
}

/** The takeaways as a numbered list (the clipboard text and conference-takeaways.txt). */
export function numberedList(takeaways: string[]): string {
  return takeaways.map((t, i) => `${i + 1}. ${cleanTakeaway(t)}`).join('\n') + (takeaways.length ? '\n' : '');
}

/** Saves text as a file through a temporary link. */
export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
