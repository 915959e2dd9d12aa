/**
 * Source of the child process that evaluates calculator expressions: a script child of the supervisor
 * (src/child-process), plain CommonJS, so it works the same under tsx, vitest and the compiled build,
 * and starts without a loader. `process.argv[1]` is the path of mathjs.
 *
 * The mathjs instance is restricted as https://mathjs.org/docs/expressions/security.html advises:
 * functions that alter the instance or parse/evaluate nested expressions are replaced by stubs, and
 * every parsed tree is checked against an allow-list of node types before it is compiled.
 *
 * A task is the expression; its reply `{ ok: true, result, fullPrecision? }` or `{ ok: false, error }`.
 */
export const CALCULATOR_WORKER_SOURCE = String.raw`
const { create, all } = require(process.argv[1]);

const math = create(all, { number: "BigNumber", precision: 64 });
const parse = math.parse;

math.createUnit({ mph: "1 mile/hour", kph: "1 km/hour", kmh: "1 km/hour" }, { override: false });

// Functions an expression must never reach: they alter the instance, change its configuration,
// or parse and evaluate nested expressions (which would bypass the tree check below).
const DISABLED = [
  "import", "createUnit", "evaluate", "parse", "simplify", "simplifyConstant", "simplifyCore",
  "derivative", "resolve", "reviver", "replacer", "compile", "parser", "chain",
  "rationalize", "leafCount", "symbolicEqual", "help",
];
// "typed" and "config" are dependencies of nearly every function of the instance (a stub would be
// injected into them), so they are not replaced; the tree check refuses them instead.
const DISABLED_SET = new Set(DISABLED.concat(["typed", "config"]));
const stubs = {};
for (const name of DISABLED) {
  stubs[name] = function () {
    throw new Error("Function " + name + " is disabled");
  };
}
math.import(stubs, { override: true });

const ALLOWED_NODES = new Set([
  "ConstantNode", "SymbolNode", "OperatorNode", "ParenthesisNode", "FunctionNode", "ArrayNode",
  "AccessorNode", "IndexNode", "RangeNode", "ConditionalNode", "RelationalNode",
]);
const REFUSED_NODES = {
  AssignmentNode: "Assigning variables is not supported: write the whole calculation as one expression.",
  FunctionAssignmentNode: "Defining functions is not supported.",
  BlockNode: "Only one expression per call is supported: call the calculator once per expression.",
  ObjectNode: "Objects are not supported by the calculator.",
};

class Refused extends Error {}

function check(root) {
  root.traverse(function (node) {
    if (!ALLOWED_NODES.has(node.type)) {
      throw new Refused(REFUSED_NODES[node.type] || "Expressions of type " + node.type + " are not supported.");
    }
    if (node.type === "FunctionNode") {
      if (!node.fn || node.fn.type !== "SymbolNode") {
        throw new Refused("Only calls of named functions like sqrt(2) are supported (no methods or computed functions).");
      }
      if (DISABLED_SET.has(node.fn.name)) throw new Refused("Function " + node.fn.name + " is disabled.");
    }
    if (node.type === "SymbolNode" && DISABLED_SET.has(node.name)) {
      throw new Refused("Function " + node.name + " is disabled.");
    }
    if (node.type === "IndexNode") {
      if (node.dotNotation) throw new Refused("Property access (a.b) is not supported.");
      for (const dimension of node.dimensions) {
        let hasString = false;
        dimension.traverse(function (inner) {
          if (inner.type === "ConstantNode" && typeof inner.value === "string") hasString = true;
        });
        if (hasString) throw new Refused("Property access with a string index is not supported.");
      }
    }
  });
}

const MAX_RESULT = 2000;
const clip = (text) => (text.length > MAX_RESULT ? text.slice(0, MAX_RESULT) + "… (cut)" : text);

function describe(value) {
  const type = math.typeOf(value);
  if (type === "function") {
    throw new Refused("The expression is a function, not a value: call it with arguments, e.g. sqrt(2).");
  }
  if (value === undefined || value === null) throw new Refused("The expression produced no value.");
  if (type === "BigNumber") {
    if (!value.isFinite()) {
      return { result: value.toString() + (value.isNaN() ? " (not a number)" : " (overflow or unbounded)") };
    }
    if (value.isInteger() && value.abs().lt("1e64")) return { result: value.toFixed() };
    const short = math.format(value, { precision: 15 });
    const full = math.format(value, { precision: 64 });
    return full === short ? { result: short } : { result: short, fullPrecision: clip(full) };
  }
  if (type === "number" && !Number.isFinite(value)) {
    return { result: String(value) + (Number.isNaN(value) ? " (not a number)" : " (overflow or unbounded)") };
  }
  if (type === "ResultSet") throw new Refused("Only one expression per call is supported.");
  return { result: clip(math.format(value, { precision: 14 })) };
}

function evaluate(expression) {
  let node;
  try {
    node = parse(expression);
  } catch (error) {
    throw new Refused("Syntax error: " + error.message);
  }
  check(node);
  return describe(node.compile().evaluate(new Map()));
}

serveInChild(function (expression) {
  try {
    const answer = evaluate(expression);
    return { ok: true, result: answer.result, fullPrecision: answer.fullPrecision };
  } catch (error) {
    let text = error && error.message ? String(error.message) : String(error);
    if (text.includes("DecimalError")) text = "a number is too large or out of range for this operation";
    return { ok: false, error: text };
  }
});
`;
