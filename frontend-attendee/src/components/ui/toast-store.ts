import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@/constants';

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]): void {
  items = next;
  for (const l of listeners) l();
}

/** Shows a toast; only TOAST_LIMIT (one) stays visible, a newer one replaces it (PRODUCT.md §9). */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes a toast; it is removed from the list after TOAST_REMOVE_DELAY_MS. */
export function dismissToast(id?: number): void {
  const targets = items.filter((t) => id === undefined || t.id === id);
  for (const t of targets) {
    if (removalTimers.has(t.id)) continue;
    removalTimers.set(
      t.id,
      setTimeout(() => {
        removalTimers.delete(t.id);
        emit(items.filter((x) => x.id !== t.id));
      }, TOAST_REMOVE_DELAY_MS),
    );
  }
  emit(items.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}

/** Test helper: forgets every toast. */
export function resetToasts(): void {
  for (const t of removalTimers.values()) clearTimeout(t);
  removalTimers.clear();
  emit([]);
}
