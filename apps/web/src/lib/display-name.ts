import { limits } from '@receta/domain';

/** Spec section 2: a display name longer than 18 characters is cut to 18 and ends with an ellipsis. */
export function shortenDisplayName(name: string): string {
  // By code point, so that a letter outside the basic plane is never split in half.
  const characters = [...name];
  const max = limits.displayNameMaxLength;
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : name;
}
