/**
 * A trigger phrase, qualification clause or target title ready to match: its content stems in
 * order, or, when every word is a stop word ("IT"), all its words matched one for one.
 */
export type CompiledPhrase = {
  text: string;
  stems: string[];
  stopWordsOnly: boolean;
};
