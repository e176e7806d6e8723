/** Full-page navigation (a reload clears every cached query); one object so tests can observe it. */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};
