/** nlp.js's Ukrainian stemmer (CommonJS, no bundled types): the part of its API the search uses. */
declare module '@nlpjs/lang-uk/src/stemmer-uk.js' {
  export default class StemmerUk {
    /** The stem of one lower-case word. */
    stemWord(word: string): string;
  }
}
