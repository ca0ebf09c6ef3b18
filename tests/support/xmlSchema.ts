/**
 * Validates XML against an official XSD kept under tests/schemas/, with libxml2 compiled to
 * WebAssembly (xmllint-wasm). Every `.xsd` of the schema's folder is preloaded under its path
 * relative to that folder, so the schema's imports and includes resolve offline.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { validateXML } from 'xmllint-wasm';

/** All `.xsd` files under `dir`, as paths relative to it. */
function xsdFiles(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? xsdFiles(join(dir, e.name), root)
      : e.name.endsWith('.xsd')
        ? [relative(root, join(dir, e.name))]
        : [],
  );
}

/** The validation errors (libxml2's messages; empty when valid) of `xml` against `{schemaDir}/{mainXsd}`. */
export async function xsdErrors(xml: string, schemaDir: string, mainXsd: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [{ fileName: mainXsd, contents: readFileSync(join(schemaDir, mainXsd), 'utf8') }],
    preload: xsdFiles(schemaDir)
      .filter((f) => f !== mainXsd)
      .map((f) => ({ fileName: f, contents: readFileSync(join(schemaDir, f), 'utf8') })),
  });
  return result.errors.map((e) => e.message ?? e.rawMessage);
}
