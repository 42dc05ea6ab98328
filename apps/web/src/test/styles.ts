import { StyleSheet } from '@emotion/sheet';

/**
 * Component tests run without the CSS that MUI's styles generate. jsdom matches every rule of
 * every stylesheet against an element each time its computed style is asked for, and the
 * queries by role ask it of every element they name: with MUI's thousands of rules that was
 * more than half of these tests' time. The tests here are about behaviour; how pages look is
 * checked in Chromium by the browser journeys (screenshots, axe). A setup file of the web tests.
 */
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with each sheet as `this`
const insertRule = StyleSheet.prototype.insert;
let isKeepingStyles = false;

StyleSheet.prototype.insert = function insertWhenKept(this: StyleSheet, rule: string) {
  if (isKeepingStyles) insertRule.call(this, rule);
};

/**
 * For a test file about looks (a width, a display, a word break): MUI's styles are inserted
 * as in the browser. Called at the top of the file, before anything renders: each test file
 * has its own modules, so emotion's record of what it inserted starts empty.
 */
export function keepStyles(): void {
  isKeepingStyles = true;
}
