import type * as messages from './messages/index.ts';

type MessageTree = typeof messages;

/** A message's key, `<group>.<name>`: how the web app's languages name it. */
export type MessageKey = {
  [Group in keyof MessageTree]: `${Group & string}.${keyof MessageTree[Group] & string}`
}[keyof MessageTree];
