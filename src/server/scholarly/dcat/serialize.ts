/**
 * The catalogue graph written as Turtle (n3's writer) and as compacted JSON-LD (jsonld.js from the
 * same quads), both with the vocabularies' usual prefixes.
 */
import { Writer, type Store } from 'n3';
import { PREFIXES } from './vocabulary';

/** Turtle with prefixes. */
export function toTurtle(store: Store): Promise<string> {
  const writer = new Writer({ prefixes: PREFIXES });
  writer.addQuads(store.getQuads(null, null, null, null));
  return new Promise((resolve, reject) => writer.end((err, out: string) => (err ? reject(err) : resolve(out))));
}

/** JSON-LD compacted against the prefixes (jsonld.js is loaded on first use). */
export async function toJsonLd(store: Store): Promise<string> {
  const writer = new Writer({ format: 'N-Quads' });
  writer.addQuads(store.getQuads(null, null, null, null));
  const nquads = await new Promise<string>((resolve, reject) =>
    writer.end((err, out: string) => (err ? reject(err) : resolve(out))),
  );
  const { default: jsonld } = await import('jsonld');
  const expanded = await jsonld.fromRDF(nquads, { format: 'application/n-quads' });
  const compacted = await jsonld.compact(expanded, { ...PREFIXES });
  return `${JSON.stringify(compacted, null, 2)}\n`;
}
