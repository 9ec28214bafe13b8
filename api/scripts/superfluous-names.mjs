/**
 * esbuild's keepNames (bundle-dist.mjs needs it: scope hoisting may rename a class that MikroORM or
 * type-graphql names things after) wraps every named function in `__name(fn, "name")`, a
 * defineProperty call that also runs each time a closure is made: per request in body-parser,
 * negotiator and our own handlers (about 5 % of the CPU of a cached `{ me { id } }`). Without
 * minification esbuild renames only colliding top-level symbols, so most wrappers set the name the
 * function already has, or would get from the binding it is assigned to (the language's own name
 * inference): those are dropped here, the ones that restore a renamed symbol's name are kept
 * (esbuild issue 2605 asks for this in esbuild itself).
 */
import { parse } from 'acorn';
import { simple } from 'acorn-walk';

/** `__name(fn, "text")`, or null. */
function nameCall(node) {
  if (node?.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== '__name') return null;
  const [target, name] = node.arguments;
  return node.arguments.length === 2 && name.type === 'Literal' && typeof name.value === 'string' ? { call: node, target, name: name.value } : null;
}

/** A function or class expression whose name comes from what it is assigned to (ECMAScript NamedEvaluation). */
const takesBindingName = (node) => node.type === 'ArrowFunctionExpression' || ((node.type === 'FunctionExpression' || node.type === 'ClassExpression') && !node.id);

/** The name a non-computed key gives: `key: fn`, `"key": fn`, class field `key = fn`. */
const keyName = (node) => (node.computed ? null : node.key.type === 'Identifier' ? node.key.name : typeof node.key.value === 'string' ? node.key.value : null);

/** The source with every `__name` call that changes nothing removed. */
export function dropSuperfluousNames(code) {
  const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  /** [start, end) ranges to cut. */
  const cuts = [];
  const unwrapWhenInferred = (found, bindingName) => {
    if (!found || found.name !== bindingName || !takesBindingName(found.target)) return;
    cuts.push([found.call.start, found.target.start], [found.target.end, found.call.end]);
  };
  /** `function done() {}` ... `__name(done, "done");` in the same statement list. */
  const dropDeclarationNames = (statements) => {
    const declared = new Set(statements.filter((s) => s.type === 'FunctionDeclaration').map((s) => s.id.name));
    for (const statement of statements) {
      const found = statement.type === 'ExpressionStatement' ? nameCall(statement.expression) : null;
      if (found?.target.type === 'Identifier' && found.target.name === found.name && declared.has(found.name)) cuts.push([statement.start, statement.end]);
    }
  };
  simple(ast, {
    VariableDeclarator: (node) => node.id.type === 'Identifier' && unwrapWhenInferred(nameCall(node.init), node.id.name),
    AssignmentExpression: (node) => node.operator === '=' && node.left.type === 'Identifier' && unwrapWhenInferred(nameCall(node.right), node.left.name),
    Property: (node) => node.kind === 'init' && !node.method && !node.shorthand && unwrapWhenInferred(nameCall(node.value), keyName(node)),
    PropertyDefinition: (node) => unwrapWhenInferred(nameCall(node.value), keyName(node)),
    Program: (node) => dropDeclarationNames(node.body),
    BlockStatement: (node) => dropDeclarationNames(node.body),
    StaticBlock: (node) => dropDeclarationNames(node.body),
  });
  cuts.sort((a, b) => b[0] - a[0]);
  let result = code;
  for (const [start, end] of cuts) result = result.slice(0, start) + result.slice(end);
  return result;
}
