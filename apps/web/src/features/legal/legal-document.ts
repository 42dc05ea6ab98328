/**
 * The legal pages are long Spanish prose, the source text of a legal document, so they live
 * here as structured content rather than as i18n keys; the page chrome around them is
 * translated as usual.
 */
export type Inline =
  | string
  | { kind: 'email'; address: string }
  | { kind: 'link'; to: string; text: string };

/** A paragraph: plain text, or text with links in it. */
export type Paragraph = string | readonly Inline[];

export type Block = Paragraph | { list: readonly Paragraph[] };

export interface LegalSection {
  heading: string;
  blocks: readonly Block[];
}

export interface LegalDocument {
  intro: readonly Block[];
  sections: readonly LegalSection[];
}
