/**
 * A prone attacker's ranged weapons (GnG "Table: Attack Roll Modifiers" footnote 3: "You cannot use
 * bows, thrown spears, and similar ranged weapons while prone, but you can use pistols, rifles,
 * crossbows, or small throwing knives while prone at no penalty"). Data preparation of a prone
 * creature holding any ranged weapon must not fail; the attack with a bow is refused with a
 * localized reason and makes no card; a pistol fires at no penalty.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { player } = h.users;
beforeEach(() => h.reset(29));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

/** A pack weapon's data (packs/_source/weapons/<file>.json), equipped. */
function packWeapon(file: string): Record<string, unknown> {
  const source = JSON.parse(readFileSync(`packs/_source/weapons/${file}.json`, 'utf8')) as {
    name: string;
    type: string;
    system: Record<string, unknown>;
  };
  return { name: source.name, type: source.type, system: { ...source.system, equipped: true } };
}

/** The player's prone archer-gunner with a longbow, a pistol and a javelin. */
async function proneShooter(): Promise<{ shooter: Actor; bow: Item; pistol: Item; javelin: Item }> {
  const shooter = await h.createActor({ name: 'Shooter', type: 'npc' }, player);
  const [bow, pistol, javelin] = (await shooter.createEmbeddedDocuments('Item', [
    packWeapon('srd-longbow'),
    packWeapon('d20m-autoloader-pistol'),
    packWeapon('srd-javelin'),
  ])) as Item[];
  h.placeToken(shooter);
  h.as(player);
  await shooter.toggleStatusEffect('prone', { active: true });
  return { shooter, bow: bow as Item, pistol: pistol as Item, javelin: javelin as Item };
}

describe('prone attackers and ranged weapons (footnote 3)', () => {
  it('a prone creature with a bow, a pistol and a javelin still prepares its data, each attack listed', async () => {
    const { shooter } = await proneShooter();
    expect(shooter.statuses.has('prone')).toBe(true);
    const attacks = (shooter.system as CreatureData).derived.attacks;
    expect(attacks.map((a) => a.name).sort()).toEqual(
      ['Autoloader pistol (9mm)', 'Javelin', 'Longbow'].sort(),
    );
  });

  it('the bow and the javelin are refused with a localized reason and no card; the pistol fires', async () => {
    const { shooter, bow, pistol, javelin } = await proneShooter();
    const target = await h.createActor({ name: 'Target', type: 'npc', system: { hp: { value: 40 } } });
    h.placeToken(target);
    h.target(player, ...target.getActiveTokens());
    const before = game.messages.size;

    expect(await game.gng.attack(shooter, bow, {})).toBeNull();
    expect(h.notices.at(-1)?.message).toContain('Longbow cannot be used while prone');
    expect(await game.gng.attack(shooter, javelin, {})).toBeNull();
    expect(h.notices.at(-1)?.message).toContain('Javelin cannot be used while prone');
    expect(game.messages.size).toBe(before);

    h.dice.queue(15, 5, 3);
    const card = await game.gng.attack(shooter, pistol, {});
    await attackActionsSettled();
    expect(card).not.toBeNull();
    expect(game.messages.size).toBe(before + 1);
  });
});
