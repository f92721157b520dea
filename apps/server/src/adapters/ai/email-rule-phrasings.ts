/**
 * How the five languages of the product phrase the email rules a writer can check. The rules
 * screen suggests a rule in the reader's language ("Moins de 120 mots", "120 語以内にまとめる"),
 * so a rule written in French, Japanese, Korean or Chinese must hold as one written in English.
 * Clauses reach these patterns folded: NFKC (full-width digits and letters), curly and CJK quotes
 * (“ ” « » 「 」 『 』) as a straight `"` and ‘ ’ as `'`.
 */
export type WordLimitPhrasing = {
  pattern: RegExp;
  /** "under 120 words" and "moins de 120 mots" allow 119. */
  under: boolean;
};

const EN_WORD = String.raw`words?\b`;
const FR_WORD = String.raw`mots?\b`;
/** 語, 単語, ワード (ja), 단어 (ko), 字, 词, 单词 (zh; an English email's words). */
const CJK_WORD = String.raw`\s*(?:個|个)?(?:単語|語|ワード|단어|单词|字|词)`;

export const WORD_LIMITS: readonly WordLimitPhrasing[] = [
  // English
  {
    pattern: new RegExp(String.raw`\b(?:under|below|fewer than|less than|shorter than)\s+(\d{1,4})\s+${EN_WORD}`, 'i'),
    under: true,
  },
  {
    pattern: new RegExp(
      String.raw`\b(?:at most|no more than|not more than|no longer than|max(?:imum)?\.?(?:\s+of)?|up to|within|limit(?:ed)?\s+to|exceed(?:ing)?)\s+(\d{1,4})\s+${EN_WORD}`,
      'i',
    ),
    under: false,
  },
  {
    pattern: new RegExp(
      String.raw`\b(?:never|don't|do not|avoid|not)\b.*?\b(?:more than|longer than|over)\s+(\d{1,4})\s+${EN_WORD}`,
      'i',
    ),
    under: false,
  },
  { pattern: /\b(\d{1,4})\s+words?\s+(?:max(?:imum)?|or (?:less|fewer)|at most|tops)\b/i, under: false },
  { pattern: /\b\d{1,4}\s*(?:-|\u2013|to|and)\s*(\d{1,4})\s+words\b/i, under: false },
  // French: "Moins de 120 mots", "Pas plus de 80 mots", "Ne pas dépasser 100 mots", "90 mots maximum"
  {
    pattern: new RegExp(String.raw`(?:moins de|en dessous de|sous la barre des)\s+(\d{1,4})\s+${FR_WORD}`, 'i'),
    under: true,
  },
  {
    pattern: new RegExp(
      String.raw`(?:au plus|au maximum|maximum|max\.?|pas plus de|jamais plus de|jusqu'à|d[ée]passe[rz]?(?:\s+(?:pas|jamais))?(?:\s+les)?|d[ée]passant)\s+(\d{1,4})\s+${FR_WORD}`,
      'i',
    ),
    under: false,
  },
  { pattern: /(\d{1,4})\s+mots?\s+(?:maximum|max\b|au maximum|au plus|ou moins)/i, under: false },
  { pattern: /\b\d{1,4}\s*(?:-|\u2013|à|et)\s*(\d{1,4})\s+mots\b/i, under: false },
  // Japanese, Korean, Chinese: "120 語以内", "120단어 미만", "不超过 100 个词", "控制在 120 字以内"
  { pattern: new RegExp(String.raw`(\d{1,4})${CJK_WORD}\s*(?:未満|미만)`), under: true },
  { pattern: new RegExp(String.raw`(?:少于|不到|低于)\s*(\d{1,4})${CJK_WORD}`), under: true },
  {
    pattern: new RegExp(String.raw`(\d{1,4})${CJK_WORD}\s*(?:以内|以下|まで|이내|이하|까지|之内|以下)`),
    under: false,
  },
  {
    pattern: new RegExp(String.raw`(?:最大|最多|至多|최대|不超过|不要超过|不得超过|不能超过)\s*(\d{1,4})${CJK_WORD}`),
    under: false,
  },
  { pattern: new RegExp(String.raw`(\d{1,4})${CJK_WORD}\s*(?:を|을|를)?\s*(?:超え|越え|넘|초과)`), under: false },
];

/** A limit in a clause that names one of these is on something else than the body. */
export const NOT_THE_BODY =
  /\b(?:subject|sentences?|paragraphs?|lines?|bullets?|objet|phrases?|paragraphes?|lignes?|puces?)\b|件名|タイトル|一文|各文|段落|제목|문장|문단|단락|标题|主题|每句|句子|段落/i;

/** Verbs of saying or using, as the negative rules of each language put them. */
const FR_VERB = String.raw`(?:mentionne[rz]?|utilise[rz]?|dire|dites|[ée]cri(?:re|vez)|cite[rz]?|parle[rz]?\s+de|emploie[rz]?|employe[rz]?|employer|[ée]voque[rz]?)`;

/**
 * A rule that forbids words, with the words in group 1: "Never mention X", "Ne jamais mentionner
 * X", "「X」を使わない", "'X'를 쓰지 마세요", "不要提及 X".
 */
export const BANNED: readonly RegExp[] = [
  /^(?:always\s+)?(?:never|don't|dont|do not|must not|mustn't|should not|shouldn't|we never)\s+(?:ever\s+)?(?:mention|use|say|write|include|reference|refer to|bring up|talk about|discuss|name|start with|open with|begin with|end with|close with|sign off with)\s+(.+)$/i,
  /^(?:always\s+)?avoid\s+(?:(?:mentioning|using|saying|writing|including|referencing|the use of)\s+)?(.+)$/i,
  new RegExp(String.raw`^(?:toujours\s+)?ne\s+(?:jamais|pas)\s+${FR_VERB}\s+(.+)$`, 'i'),
  new RegExp(String.raw`^(?:ne\s+|n')${FR_VERB}\s+(?:jamais|pas)\s+(.+)$`, 'i'),
  new RegExp(String.raw`^[ée]vite[rz]?\s+(?:(?:de\s+|d')${FR_VERB}\s+)?(.+)$`, 'i'),
  /^(.+?)(?:という(?:言葉|表現|単語|語))?\s*(?:には|に|を|は)?\s*(?:使わない|使用しない|書かない|言わない|含めない|入れない|触れない|言及しない|使用禁止|禁止|避ける|NG)/,
  /^(.+?)(?:(?:이)?라는\s*(?:단어|표현|말))?\s*(?:을|를|은|는|에\s*대해|에\s*대한)?\s*(?:언급하지|쓰지|사용하지|말하지|넣지|언급\s*금지|사용\s*금지|금지)/,
  /^(?:请)?(?:不要|不得|禁止|避免|别|勿|请勿|不能|不可)(?:提及|提到|使用|说|写|出现|用|谈及)?\s*(.+)$/,
];

/** Where a rule's words end in a list of them: commas, "or", "and", "ou", "et", "、", "和". */
export const TERM_SEPARATORS = /\s*(?:,|;|\/|&|、|，|\bor\b|\band\b|\bou\b|\bet\b|和|或)\s*/i;

/** Words before a banned term that are not part of it: "the word", "le mot", "nos". */
export const TERM_LEAD =
  /^(?:(?:the|any|a|an)\s+(?:words?|phrases?|terms?|expressions?|names?)(?:\s+of)?|(?:le|les|l')\s*(?:mots?|termes?|expressions?|noms?)(?:\s+de)?)\s+/i;
export const TERM_ARTICLE =
  /^(?:our|the|any|a|an|their|your|other|le|la|les|l'|un|une|des|du|de|d'|nos|notre|vos|votre|leurs?|ses|son|sa)\s*(?<=\s|')/i;
export const TERM_TAIL =
  /\s+(?:by name|at all|ever|in (?:the |any |an |our |your )?(?:emails?|messages?|subject(?: lines?)?|body)|par (?:leur |son )?nom|du tout|dans (?:les |l'|un |nos |vos )?(?:e-?mails?|messages?|objets?))$/i;

/** A greeting rule, the greeting in group 1: "Start with 'Hello'", "Commencer par « Bonjour »". */
export const GREETING: readonly RegExp[] = [
  /^(?:always\s+)?(?:start|open|begin|greet)(?:\s+(?:each|every|the|all|your|my)?\s*(?:emails?|messages?|them|people|contacts?|prospects?))?\s+(?:with|using|by saying)\s+(?:the\s+greeting\s+)?(.+)$/i,
  /^(?:use\s+)?(.+?)\s+as\s+(?:the|a|my|our)\s+greeting\.?$/i,
  /^greeting\s*:\s*(.+)$/i,
  /^(?:toujours\s+)?(?:commence[rz]?|ouvr(?:ir|ez)|d[ée]bute[rz]?|salue[rz]?)(?:\s+(?:chaque|tous les|les|vos|mes)?\s*(?:e-?mails?|messages?))?\s+(?:par|avec)\s+(?:la\s+formule\s+)?(.+)$/i,
  /^(?:formule d'appel|salutation|formule de salutation)\s*:\s*(.+)$/i,
  /^("[^"]+")\s*(?:で|から)\s*(?:始め|書き始め|書き出)/,
  /^("[^"]+")\s*(?:으로|로)\s*시작/,
  /^(?:以|用)\s*("[^"]+")\s*(?:开头|开始|打招呼)/,
];

/** A sign-off rule, the sign-off in group 1: "Sign off with 'Cheers'", "Signer par Cordialement". */
export const SIGN_OFF: readonly RegExp[] = [
  /^(?:always\s+)?(?:sign(?:\s+|-)?off|end|close|finish)(?:\s+(?:each|every|the|all|your|my)?\s*(?:emails?|messages?))?\s+(?:with|using)\s+(?:the\s+sign(?:\s+|-)?off\s+)?(.+)$/i,
  /^(?:use\s+)?(.+?)\s+as\s+(?:the|a|my|our)\s+(?:sign(?:\s+|-)?off|closing)\.?$/i,
  /^(?:sign(?:\s+|-)?off|closing)\s*:\s*(.+)$/i,
  /^(?:toujours\s+)?(?:termine[rz]?|conclu(?:re|ez)|fini[rz]|signe[rz]?|finissez)(?:\s+(?:chaque|tous les|les|vos|mes)?\s*(?:e-?mails?|messages?))?\s+(?:par|avec)\s+(?:la\s+formule\s+)?(.+)$/i,
  /^(?:formule de politesse|formule de cl[ôo]ture|cl[ôo]ture)\s*:\s*(.+)$/i,
  /^("[^"]+")\s*で\s*(?:締め|終え|終わ|結)/,
  /^("[^"]+")\s*(?:으로|로)\s*(?:끝|마무리|맺)/,
  /^(?:以|用)\s*("[^"]+")\s*(?:结尾|结束|落款|收尾)/,
];

/** What a greeting or sign-off rule names that is not words to write: "a question", "leur prénom". */
export const NOT_A_LITERAL_LEAD =
  /^(?:a|an|the|your|my|their|his|her|our|some|one|un|une|le|la|les|l'|leur|son|sa|ses|votre|vos|notre|nos|mon|ma|mes|des|du|\d)(?:\b|(?<=')|$)/i;
export const NOT_A_LITERAL_WORD =
  /\b(?:question|call|cta|link|name|summary|sentence|line|note|offer|request|greeting|sign-?off|appel|lien|nom|prénom|résumé|phrase|ligne|offre|demande|salutation|formule)\b/i;
