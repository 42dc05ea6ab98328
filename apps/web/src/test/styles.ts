import { StyleSheet } from '@emotion/sheet';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Whether each test file imports the app's modules anew (apps/web/vitest.config.ts). */
    hasOwnModules: boolean;
  }
}

/**
 * Component tests run without the CSS that MUI's styles generate. jsdom matches every rule of
 * every stylesheet against an element each time its computed style is asked for, and the
 * queries by role ask it of every element they name: with MUI's thousands of rules that was
 * more than half of these tests' time. The tests here are about behaviour; how pages look is
 * checked in Chromium by the browser journeys (screenshots, axe). A setup file of the web tests.
 */
type Insert = typeof StyleSheet.prototype.insert & { emotionInsert?: Insert };

// This file runs again before each test file, and the files of the `web` project share
// emotion's module: each run replaces the last one's stand-in, which remembers emotion's own.
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with each sheet as `this`
const current: Insert = StyleSheet.prototype.insert;
const emotionInsert = current.emotionInsert ?? current;
let isKeepingStyles = false;

const insertWhenKept: Insert = function insertWhenKept(this: StyleSheet, rule: string) {
  if (isKeepingStyles) emotionInsert.call(this, rule);
};
insertWhenKept.emotionInsert = emotionInsert;
StyleSheet.prototype.insert = insertWhenKept;

/**
 * For a test file about looks (a width, a display, a word break): MUI's styles are inserted
 * as in the browser. Called at the top of the file, before anything renders. The file must be
 * listed in apps/web/vitest.config.ts's `styleTestFiles`, which run each with modules of their
 * own: emotion inserts a style once per module and remembers it, so in modules another file
 * has rendered with, the styles it already dropped would never come.
 */
export function keepStyles(): void {
  if (!inject('hasOwnModules')) {
    throw new Error('keepStyles() needs modules of its own: list the file in styleTestFiles (apps/web/vitest.config.ts)');
  }
  isKeepingStyles = true;
}
