/**
 * XML Schema validation for tests, with xmllint-wasm (libxml2's xmllint compiled to WebAssembly,
 * MIT): the official schemas under `schemas/` (see schemas/README.md for their sources), nothing
 * fetched. `xmlSchemaErrors` validates against several namespaces at once, mapping the URLs the
 * schemas import to the local files; `xsdErrors` against one schema whose includes are relative
 * paths inside its folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { memoryPages, validateXML, type XMLFileInfo } from 'xmllint-wasm';

/** The repository's `schemas/` folder. */
export const SCHEMA_DIR = path.resolve(__dirname, '../../schemas');

/** A schema file of `schemas/`, and the URLs other schemas import it by. */
export interface SchemaFile {
  /** Path under `schemas/`. */
  file: string;
  /** The URLs `xs:import`/`xs:include` name it by. */
  urls?: readonly string[];
}

/** The OAI-PMH 2.0 response schema with oai_dc and what they import. */
export const OAI_PMH_SCHEMAS: readonly SchemaFile[] = [
  { file: 'oai-pmh/OAI-PMH.xsd', urls: ['http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd'] },
  { file: 'oai-pmh/oai_dc.xsd', urls: ['http://www.openarchives.org/OAI/2.0/oai_dc.xsd'] },
  { file: 'oai-pmh/simpledc20021212.xsd', urls: ['http://dublincore.org/schemas/xmls/simpledc20021212.xsd'] },
  { file: 'oai-pmh/xml.xsd', urls: ['http://www.w3.org/2001/03/xml.xsd', 'http://www.w3.org/2001/xml.xsd'] },
];

/** Local file names in xmllint's in-memory file system (flat: `oai-pmh__OAI-PMH.xsd`). */
const localName = (file: string) => file.replace(/\//g, '__');

/** A schema's text with every imported URL replaced by its local file name. */
function localised(text: string, schemas: readonly SchemaFile[]): string {
  let out = text;
  for (const s of schemas) for (const url of s.urls ?? []) out = out.split(`"${url}"`).join(`"${localName(s.file)}"`);
  return out;
}

/**
 * Validates XML documents against every namespace of `schemas` at once (a driver schema imports each
 * target namespace). Resolves to the errors, prefixed by the document's index (`doc-2.xml:1: …`),
 * empty when all are valid. libxml2 does not check `xs:any processContents="strict"` content of
 * another namespace (OAI-PMH's `<metadata>`) against its imported schema: validate such content as
 * documents of their own as well.
 */
export async function xmlSchemaErrors(
  xml: string | readonly string[],
  schemas: readonly SchemaFile[],
): Promise<string[]> {
  const docs = typeof xml === 'string' ? [xml] : xml;
  if (!docs.length) return [];
  const files: XMLFileInfo[] = schemas.map((s) => ({
    fileName: localName(s.file),
    contents: localised(readFileSync(path.join(SCHEMA_DIR, s.file), 'utf8'), schemas),
  }));
  const imports = files
    .map((f) => {
      const ns = /targetNamespace="([^"]+)"/.exec(f.contents as string)?.[1];
      return ns ? `<xs:import namespace="${ns}" schemaLocation="${f.fileName}"/>` : '';
    })
    .join('');
  const driver = `<?xml version="1.0"?><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">${imports}</xs:schema>`;
  const result = await validateXML({
    xml: docs.map((contents, i) => ({ fileName: `doc-${i}.xml`, contents })),
    schema: [{ fileName: 'driver.xsd', contents: driver }],
    preload: files,
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

/** All `.xsd` files under `dir`, as paths relative to `root`. */
function xsdFiles(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? xsdFiles(path.join(dir, e.name), root)
      : e.name.endsWith('.xsd')
        ? [path.relative(root, path.join(dir, e.name))]
        : [],
  );
}

/**
 * The errors (libxml2's messages; empty when valid) of `xml` against `schemas/{folder}/{mainXsd}`,
 * every other `.xsd` of the folder preloaded under its relative path so includes resolve offline.
 * `urls` maps absolute `schemaLocation` URLs the schemas import to files of the folder.
 */
export async function xsdErrors(
  xml: string,
  folder: string,
  mainXsd: string,
  urls: Readonly<Record<string, string>> = {},
): Promise<string[]> {
  return (await xsdErrorsEach([xml], folder, mainXsd, urls))[0]!;
}

/**
 * As xsdErrors for several documents in one run (the schema is compiled once: large schemas such as
 * Crossref's with JATS and MathML take seconds), each document's errors apart; errors of the schema
 * itself count for every document. Up to 2 GiB of WebAssembly memory (JATS with MathML needs more than
 * the default).
 */
export async function xsdErrorsEach(
  xml: readonly string[],
  folder: string,
  mainXsd: string,
  urls: Readonly<Record<string, string>> = {},
): Promise<string[][]> {
  const dir = path.join(SCHEMA_DIR, folder);
  const read = (f: string) => {
    let text = readFileSync(path.join(dir, f), 'utf8');
    for (const [url, local] of Object.entries(urls)) text = text.split(`"${url}"`).join(`"${local}"`);
    return text;
  };
  const names = xml.map((_, i) => `document-${i}.xml`);
  const result = await validateXML({
    xml: xml.map((contents, i) => ({ fileName: names[i]!, contents })),
    schema: [{ fileName: mainXsd, contents: read(mainXsd) }],
    preload: xsdFiles(dir)
      .filter((f) => f !== mainXsd)
      .map((f) => ({ fileName: f, contents: read(f) })),
    maxMemoryPages: 2 * memoryPages.GiB,
  });
  const docOf = (e: (typeof result.errors)[number]) =>
    e.loc?.fileName ?? names.find((n) => e.rawMessage.startsWith(`${n}:`) || e.rawMessage.startsWith(`${n} `));
  return names.map((name) =>
    result.errors
      .filter((e) => {
        const doc = docOf(e);
        return doc === name || doc === undefined || !names.includes(doc);
      })
      .map((e) => e.message ?? e.rawMessage),
  );
}
