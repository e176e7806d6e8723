import { INSTRUCTIONS_SEEN_KEY, OLD_REGISTRATION_FLAG_KEY } from '@/constants';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: the dialog shows every visit
  }
}

export function hasSeenInstructions(): boolean {
  return storage()?.getItem(INSTRUCTIONS_SEEN_KEY) === 'true';
}

export function markInstructionsSeen(): void {
  storage()?.setItem(INSTRUCTIONS_SEEN_KEY, 'true');
}

/** The old registration flag is removed once the user is authenticated. */
export function removeOldRegistrationFlag(): void {
  storage()?.removeItem(OLD_REGISTRATION_FLAG_KEY);
}
