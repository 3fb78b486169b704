/**
 * The GnG conditions as Foundry status effects (token HUD, `Actor#toggleStatusEffect`). A status
 * carries no Active Effect changes of its own: the data model reads `actor.statuses` and the rules
 * engine decides what each condition does (Defense, attacks, saves, skills), so each number lives
 * once, in src/rules/conditions.ts.
 */
export interface GnGStatus {
  id: string;
  img: string;
}

const icon = (name: string) => `icons/svg/${name}.svg`;

export const GNG_STATUSES: readonly GnGStatus[] = [
  { id: 'blinded', img: icon('blind') },
  { id: 'cowering', img: icon('terror') },
  { id: 'dazed', img: icon('daze') },
  { id: 'dazzled', img: icon('sun') },
  { id: 'energy-drained', img: icon('aura') },
  { id: 'entangled', img: icon('net') },
  { id: 'flat-footed', img: icon('target') },
  { id: 'frightened', img: icon('terror') },
  { id: 'grappling', img: icon('net') },
  { id: 'helpless', img: icon('paralysis') },
  { id: 'invisible', img: icon('invisible') },
  { id: 'locked', img: icon('stoned') },
  { id: 'panicked', img: icon('terror') },
  { id: 'pinned', img: icon('stoned') },
  { id: 'prone', img: icon('falling') },
  { id: 'shaken', img: icon('terror') },
  { id: 'sickened', img: icon('poison') },
  { id: 'stunned', img: icon('daze') },
  { id: 'suppressed', img: icon('explosion') },
  { id: 'disabled-arm', img: icon('downgrade') },
  { id: 'disabled-ear', img: icon('downgrade') },
  { id: 'disabled-eye', img: icon('downgrade') },
  { id: 'disabled-head', img: icon('downgrade') },
  { id: 'disabled-leg', img: icon('downgrade') },
  { id: 'severe-bleeding', img: icon('blood') },
  { id: 'unconscious', img: icon('unconscious') },
  { id: 'dying', img: icon('blood') },
  { id: 'dead', img: icon('skull') },
];

/** `CONFIG.statusEffects` entries: names are lang keys, which Foundry localizes. */
export function statusEffectConfig(): StatusEffectConfig[] {
  return GNG_STATUSES.map(({ id, img }) => ({ id, img, name: `GNG.Status.${id}` }));
}
