/** The parts of citation-js this project uses (the packages ship no type declarations). */
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown);
    /** The parsed records, as CSL-JSON. */
    data: unknown[];
    format(format: string, options?: Record<string, unknown>): string | unknown[];
  }
  export const plugins: { config: { get(name: string): unknown } };
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
