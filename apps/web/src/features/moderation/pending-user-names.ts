import type { PendingUser } from '@receta/domain';

/** "Ana Pérez", as a sentence names the person. */
export function nameOf(pendingUser: PendingUser): string {
  return pendingUser.kind === 'doctor' ? `${pendingUser.name} ${pendingUser.lastName}` : pendingUser.displayName;
}

/** "Pérez, Ana", as a list of people is sorted and read. */
export function formalNameOf(pendingUser: PendingUser): string {
  return pendingUser.kind === 'doctor' ? `${pendingUser.lastName}, ${pendingUser.name}` : pendingUser.displayName;
}
