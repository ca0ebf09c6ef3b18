/**
 * SHACL validation of RDF (Turtle or JSON-LD) against shapes kept under schemas/, with
 * rdf-validate-shacl; n3 parses Turtle, jsonld.js turns JSON-LD into quads.
 */
import { readFileSync } from 'node:fs';
import jsonld from 'jsonld';
import { Parser, Store } from 'n3';
import SHACLValidator from 'rdf-validate-shacl';

export function parseTurtle(text: string): Store {
  return new Store(new Parser({ format: 'text/turtle' }).parse(text));
}

export async function parseJsonLd(text: string): Promise<Store> {
  const nquads = (await jsonld.toRDF(JSON.parse(text) as object, {
    format: 'application/n-quads',
  })) as unknown as string;
  return new Store(new Parser({ format: 'N-Quads' }).parse(nquads));
}

/** The shapes of several Turtle files as one graph. */
export function loadShapes(...files: string[]): Store {
  const store = new Store();
  for (const f of files) store.addQuads(parseTurtle(readFileSync(f, 'utf8')).getQuads(null, null, null, null));
  return store;
}

/** The violations (focus node, path, message) of `data` against `shapes`; empty when it conforms. */
export async function shaclViolations(shapes: Store, data: Store): Promise<string[]> {
  const report = await new SHACLValidator(shapes).validate(data);
  return report.results.map(
    (r) =>
      `${r.focusNode?.value ?? '?'} ${r.path?.value ?? ''}: ${r.message.map((m) => m.value).join('; ')} [${r.severity?.value ?? ''}]`,
  );
}
