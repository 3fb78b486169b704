/**
 * Issue #28 ("Rules loose ends"): a shot fired next to its target offers that target the attack
 * card's own attack of opportunity only when it may take one — the attack-of-opportunity card's check
 * (`mayTakeOpportunity`): a creature in total defense "doesn't get to attack". Tokens stand on the
 * default grid (100 px per 5 ft).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { cardHelpers } from '../fixtures/cards.js';
import { tokenHelpers } from '../fixtures/tokens.js';
import { useErrorGuard } from '../fixtures/hostile.js';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';

const h = await getHarness();
const { click, visibleButtons } = cardHelpers(h);
const { gm, player } = h.users;

useErrorGuard(h, 2828);

const FRIENDLY = 1;
const HOSTILE = -1;

const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const attackOf = (message: ChatMessage) => cardState(fresh(message)) as AttackCardState;
const attackTarget = (message: ChatMessage) => attackOf(message).targets[0] as CardTarget;

const DAGGER = {
  name: 'Dagger',
  type: 'weapon',
  system: { category: 'simple', use: 'light', damage: { medium: '1d4' }, equipped: true },
};

const { place } = tokenHelpers(h);

describe('a shot next to a target offers it an attack of opportunity only if it may take one', () => {
  const pistol = () => {
    const source = JSON.parse(readFileSync('packs/_source/weapons/d20m-autoloader-pistol.json', 'utf8')) as {
      name: string;
      type: string;
      system: Record<string, unknown>;
    };
    return { name: source.name, type: source.type, system: { ...source.system, equipped: true } };
  };

  async function shootAdjacent(totalDefense: boolean): Promise<ChatMessage> {
    h.as(gm);
    const shooter = await h.createActor({ name: 'Shooter', type: 'npc' }, player);
    const [gun] = (await shooter.createEmbeddedDocuments('Item', [pistol()])) as Item[];
    await place(shooter, 0, 0, FRIENDLY);
    const orc = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 30 } } });
    await orc.createEmbeddedDocuments('Item', [DAGGER]);
    const orcToken = await place(orc, 1, 0, HOSTILE);
    if (totalDefense) await orc.toggleStatusEffect('total-defense', { active: true });
    h.as(player);
    h.target(player, orcToken);
    h.dice.queue(15);
    const shot = (await game.gng.attack(shooter, gun as Item, {})) as ChatMessage;
    await attackActionsSettled();
    return shot;
  }

  it('an armed, able target next to the shooter is offered it (the control)', async () => {
    const shot = await shootAdjacent(false);
    expect(attackTarget(shot).calledShot).toMatchObject({ provokes: true, ranged: true });
  });

  it('a target in total defense ("doesn\'t get to attack") is offered none', async () => {
    const shot = await shootAdjacent(true);
    expect(attackTarget(shot).calledShot?.provokes ?? false).toBe(false);
    h.as(gm);
    expect(visibleButtons(shot)).not.toContain('attackOfOpportunity');
    // Nothing waits for it: the damage can be rolled once Defense is.
    h.dice.queue(1);
    await click(shot, 'rollDefense');
    expect(visibleButtons(shot)).toContain('rollDamage');
  });
});
