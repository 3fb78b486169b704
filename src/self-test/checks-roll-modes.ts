/**
 * Self-test of roll modes (issue #27, docs/host.md "Roll modes"): the values of v13's
 * `CONST.DICE_ROLL_MODES` are the four the cards record, the GM's `core.rollMode` is one of them, and
 * for a roll of the GM's own, core's `ChatMessage.applyRollMode` whispers exactly as the kernel's
 * `withRollMode` does (same users, same `blind`) — so a card's audience is the one Foundry gives a roll.
 * Nothing is created: both build message data only.
 */
import { isRollMode, ROLL_MODES, withRollMode } from '../cards/kernel/roll-mode.js';
import { expect, type SelfTestCheck } from './check.js';
import { f } from '../format.js';

const sameUsers = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  JSON.stringify([...(a ?? [])].sort()) === JSON.stringify([...(b ?? [])].sort());

export const rollModesCheck: SelfTestCheck = {
  id: 'rollModes',
  async run() {
    const modes = CONST.DICE_ROLL_MODES;
    const found = modes ? [modes.PUBLIC, modes.PRIVATE, modes.BLIND, modes.SELF] : [];
    expect(found.join() === ROLL_MODES.join(), 'GNG.SelfTest.Fail.RollModes', {
      found: found.join(', ') || '—',
      expected: ROLL_MODES.join(', '),
    });
    const chosen = game.settings.get('core', 'rollMode');
    expect(isRollMode(chosen), 'GNG.SelfTest.Fail.RollModeSetting', { value: String(chosen) });
    for (const mode of ROLL_MODES) {
      const core = ChatMessage.applyRollMode({}, mode);
      const ours: ChatMessageData = withRollMode({} as ChatMessageData, mode, game.user);
      const users = (ids: readonly string[] | undefined) =>
        (ids ?? []).map((id) => game.users.get(id)?.name ?? id).join(', ') || '—';
      expect(
        sameUsers(core.whisper, ours.whisper) && Boolean(core.blind) === Boolean(ours.blind),
        'GNG.SelfTest.Fail.RollModeWhisper',
        { mode, core: users(core.whisper), ours: users(ours.whisper) },
      );
    }
    return f('GNG.SelfTest.Pass.RollModes', { mode: game.i18n.localize(`GNG.RollMode.${chosen}`) });
  },
};
