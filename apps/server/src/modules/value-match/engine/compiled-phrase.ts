/**
 * A trigger phrase, qualification clause or target title ready to match: its content stems in
 * order, or, when `literal` ("IT", "out of stock"), all its words matched one for one.
 */
export type CompiledPhrase = {
  text: string;
  stems: string[];
  literal: boolean;
};
