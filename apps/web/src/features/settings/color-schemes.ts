import type { ColorSchemeName } from '@receta/domain';
import { blendColors } from './contrast.ts';

/** The colours of one named scheme; each text colour meets WCAG AA on the backgrounds it is used on. */
export interface ColorScheme {
  mode: 'light' | 'dark';
  primary: { main: string; light: string; dark: string; contrastText: string };
  secondary: { main: string; contrastText: string };
  error: { main: string; contrastText: string };
  /** Statuses and notices (a pending doctor, a partial dispensing, a sandbox app): read as text and as filled chips. */
  warning: { main: string; contrastText: string };
  info: { main: string; contrastText: string };
  success: { main: string; contrastText: string };
  background: { default: string; paper: string };
  text: { primary: string; secondary: string };
  divider: string;
  /** The menu entry of the current page. */
  selected: { background: string; text: string };
}

/** MUI's own warning and info fills put white text at 3.1:1 and 3.9:1, below AA; these darker ones at 5.1:1 or more. */
const lightStatusColors = {
  warning: { main: '#a84b00', contrastText: '#ffffff' },
  info: { main: '#0b6ba8', contrastText: '#ffffff' },
  success: { main: '#2e7d32', contrastText: '#ffffff' },
} as const satisfies Pick<ColorScheme, 'warning' | 'info' | 'success'>;

const defaultScheme: ColorScheme = {
  mode: 'light',
  primary: { main: '#0b5d6b', light: '#3f8a97', dark: '#06404a', contrastText: '#ffffff' },
  secondary: { main: '#2f6fb3', contrastText: '#ffffff' },
  error: { main: '#c62828', contrastText: '#ffffff' },
  ...lightStatusColors,
  background: { default: '#f3f6f8', paper: '#ffffff' },
  text: { primary: '#1b2a33', secondary: '#4f616c' },
  divider: '#dde4e8',
  selected: { background: blendColors('#0b5d6b', 0.12, '#ffffff'), text: '#06404a' },
};

export const colorSchemes: Record<ColorSchemeName, ColorScheme> = {
  default: defaultScheme,
  ocean: {
    mode: 'light',
    primary: { main: '#1f5aa6', light: '#5a86c4', dark: '#143d73', contrastText: '#ffffff' },
    secondary: { main: '#00707f', contrastText: '#ffffff' },
    error: { main: '#c62828', contrastText: '#ffffff' },
    ...lightStatusColors,
    background: { default: '#eef4fb', paper: '#ffffff' },
    text: { primary: '#13233a', secondary: '#46586f' },
    divider: '#d6e2f0',
    selected: { background: blendColors('#1f5aa6', 0.12, '#ffffff'), text: '#143d73' },
  },
  forest: {
    mode: 'light',
    primary: { main: '#2e6b34', light: '#5b9560', dark: '#1d4a22', contrastText: '#ffffff' },
    secondary: { main: '#7a5412', contrastText: '#ffffff' },
    error: { main: '#c62828', contrastText: '#ffffff' },
    ...lightStatusColors,
    background: { default: '#f1f6f0', paper: '#ffffff' },
    text: { primary: '#1c2b1e', secondary: '#4a5d4c' },
    divider: '#d9e4d7',
    selected: { background: blendColors('#2e6b34', 0.12, '#ffffff'), text: '#1d4a22' },
  },
  dark: {
    mode: 'dark',
    primary: { main: '#7fcbd6', light: '#b2e3ea', dark: '#4c9aa5', contrastText: '#0b1f24' },
    secondary: { main: '#9cc3f0', contrastText: '#0d1b2a' },
    error: { main: '#ff8a80', contrastText: '#2a0a08' },
    warning: { main: '#ffb74d', contrastText: '#1f1300' },
    info: { main: '#81d4fa', contrastText: '#04212e' },
    success: { main: '#81c784', contrastText: '#0b230c' },
    background: { default: '#10171b', paper: '#1a242a' },
    text: { primary: '#e8eef1', secondary: '#a9b8c0' },
    divider: '#2f3d45',
    selected: { background: blendColors('#7fcbd6', 0.16, '#1a242a'), text: '#c4edf2' },
  },
};
