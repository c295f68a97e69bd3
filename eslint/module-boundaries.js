import path from 'node:path';

/**
 * The code shape's import rules, checked on every relative import:
 * - a module (src/modules/<name>/) reaches another module only through that module's index.ts;
 * - src/platform/ never imports src/modules/ (modules build on the platform, not the reverse).
 */
const root = path.resolve(import.meta.dirname, '..');
const modules = path.join(root, 'src', 'modules') + path.sep;
const platform = path.join(root, 'src', 'platform') + path.sep;

const moduleOf = (file) => (file.startsWith(modules) ? file.slice(modules.length).split(path.sep)[0] : undefined);

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Modules meet only through index.ts; the platform never imports modules.' },
    messages: {
      internal: "'{{target}}' is inside the {{module}} module: import its index.ts instead.",
      platform: "src/platform must not import from src/modules ('{{target}}').",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = moduleOf(file);
    const inPlatform = file.startsWith(platform);
    if (!from && !inPlatform) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const to = moduleOf(target);
      if (!to) return;
      if (inPlatform) context.report({ node: node.source, messageId: 'platform', data: { target: source } });
      else if (to !== from && target !== path.join(modules, to, 'index.ts')) {
        context.report({ node: node.source, messageId: 'internal', data: { target: source, module: to } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'module-boundaries': rule } };
