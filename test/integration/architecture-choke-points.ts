/**
 * GnG's combat choke points (issue #26; ../shared/design/combat-models.md §0): the engine functions
 * where GnG's own combat rules are decided. Outside the engine (src/rules/, where the models live) the
 * glue asks the world's combat model (`combatModel()`, src/settings/combat-model.ts) instead, so that
 * a world under another model never runs GnG's rule by accident. architecture.test.ts checks every
 * source file with {@link chokePointImports}.
 */
import { dirname, join, resolve, sep } from 'node:path';

/** Each choke point, and why the glue must not call it (what it asks the model instead). */
export const CHOKE_POINTS: Readonly<Record<string, string>> = {
  defenseBonus: "GnG's rolled Defense: model.defenses / model.defenseAgainst",
  defenseBonusTotal: "GnG's rolled Defense without its breakdown: model.defenseAgainst",
  resolveAttack: 'Relative Degree (attack total against a Defense roll): model.resolve',
  damagePipeline: 'dice + Strength + RD − Protection − DR: model.damage',
  damageConsequences: 'trauma, injury and dying by size after a loss: model.applyDamage',
  applyDamageToHitPoints: 'HP and temporary HP after damage: model.applyDamage',
  applyNonlethalDamage: "GnG's nonlethal total: model.applyDamage",
  hitPointsBreakdown: 'max HP by size multiplier: model.maxHitPoints',
  maxHitPoints: 'max HP by size multiplier: model.maxHitPoints',
  damageCondition: 'disabled, dying and dead by size: model.healthStatus',
  dyingRound: "GnG's dying round, d% against Con (capability dying)",
  attackOdds: 'the exact odds of a rolled attack against a rolled Defense: model.analysis().odds',
  simulateFight: "GnG's fight loop: model.analysis().fight",
};

const isChokePoint = (name: string) => Object.hasOwn(CHOKE_POINTS, name);

/** `text` without its comments (a comment naming a function imports nothing). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/**
 * The choke points the source `text` of `file` imports from the engine (`src` the source root):
 * named value imports and re-exports (aliased too; `type` ones are erased), and members of a
 * namespace import or of a dynamic import of an engine module.
 */
export function chokePointImports(text: string, file: string, src: string): string[] {
  const rules = join(src, 'rules') + sep;
  const intoRules = (spec: string) => spec.startsWith('.') && resolve(dirname(file), spec).startsWith(rules);
  const body = code(text);
  const names = new Set<string>();
  const members = (object: string) => {
    for (const use of body.matchAll(new RegExp(`\\b${object}\\s*\\.\\s*(\\w+)`, 'g')))
      if (isChokePoint(use[1] as string)) names.add(use[1] as string);
  };
  for (const m of body.matchAll(/^\s*(?:import|export)\s+(?!type\s)([^;]*?)\s+from\s+['"]([^'"]+)['"]/gms)) {
    const clause = m[1] as string;
    if (!intoRules(m[2] as string)) continue;
    for (const item of /\{([^}]*)\}/.exec(clause)?.[1]?.split(',') ?? []) {
      const spec = item.trim();
      if (!spec || spec.startsWith('type ')) continue;
      const name = spec.split(/\s+as\s+/)[0]?.trim() ?? '';
      if (isChokePoint(name)) names.add(name);
    }
    const namespace = /\*\s+as\s+(\w+)/.exec(clause)?.[1];
    if (namespace) members(namespace);
  }
  // `const m = await import('../rules/…')` or `import('../rules/…').then((m) => m.x)`; `{ x } = await import`.
  for (const m of body.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    if (!intoRules(m[1] as string)) continue;
    const before = body.slice(Math.max(0, (m.index ?? 0) - 200), m.index);
    const after = body.slice(m.index ?? 0, (m.index ?? 0) + 200);
    const bound = /(?:const|let)\s+(\w+)\s*=\s*(?:await\s*)?$/.exec(before)?.[1];
    if (bound) members(bound);
    const param = /^import\([^)]*\)\s*\.then\(\s*\(?\s*(\w+)/.exec(after)?.[1];
    if (param) members(param);
    for (const item of /\{([^}]*)\}\s*=\s*(?:await\s*)?$/.exec(before)?.[1]?.split(',') ?? []) {
      const name = item.split(':')[0]?.trim() ?? '';
      if (isChokePoint(name)) names.add(name);
    }
  }
  return [...names].sort();
}
