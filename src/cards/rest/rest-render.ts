/** The rest card's content: each change of the rest, every d% it rolled, and why anything did not heal. */
import { tcRestLines } from './tc-rest.js';
import { DAYS_PER_HEALING_WEEK, type PoolsRestored } from '../../rules/index.js';
import { REST_CARD_TEMPLATE, type RestCardState } from './rest-state.js';
import { localText, undoNoteLines, type LocalText } from '../kernel/undo-notes.js';
import { t, f } from '../../format.js';

export { REST_CARD_TEMPLATE };

/** The HP line: regained by a completed week, or the week's progress, or why no day counted. */
function hpLines(state: RestCardState): string[] {
  const { hp } = state.outcome;
  const lines: string[] = [];
  if (hp.blocked) lines.push(t(`GNG.Rest.Blocked.Hp.${hp.blocked}`));
  else if (hp.weekCompleted)
    lines.push(
      f(hp.bedRestWeek ? 'GNG.Rest.Hp.BedRestWeek' : 'GNG.Rest.Hp.Week', {
        before: hp.before,
        after: hp.after,
        regained: hp.regained,
        rate: hp.weeklyRate,
      }),
    );
  // After a completed week the days left over count toward the next one; "0 of complete bed rest"
  // is not worth a word.
  const key = `GNG.Rest.Hp.Progress${hp.weekCompleted && !hp.blocked ? 'Next' : ''}${hp.progress.bedRestDays ? 'Bed' : ''}`;
  lines.push(f(key, { days: hp.progress.days, week: DAYS_PER_HEALING_WEEK, bed: hp.progress.bedRestDays }));
  return lines;
}

function abilityLines(state: RestCardState): string[] {
  const { abilities, abilitiesBlocked } = state.outcome;
  if (!abilities.length) return [];
  const lines = abilities.map((a) =>
    f('GNG.Rest.Ability', { ability: t(`GNG.Ability.${a.ability}.long`), before: a.before, after: a.after }),
  );
  if (abilitiesBlocked) lines.push(t(`GNG.Rest.Blocked.Abilities.${abilitiesBlocked}`));
  return lines;
}

function partLines(state: RestCardState): string[] {
  const { bodyParts, bodyPartsBlocked } = state.outcome;
  if (!bodyParts.length) return [];
  const lines = bodyParts.map((p) =>
    p.recovered
      ? f('GNG.Rest.Part.Recovered', { part: state.parts[p.part] ?? p.part, day: p.day })
      : f('GNG.Rest.Part.Still', { part: state.parts[p.part] ?? p.part }),
  );
  if (bodyPartsBlocked) lines.push(t(`GNG.Rest.Blocked.Parts.${bodyPartsBlocked}`));
  return lines;
}

/** The slots and power points in `pools` as texts to localize (a list of them reads "a, b"). */
export function poolTexts(pools: PoolsRestored): LocalText[] {
  const slots = pools.slots
    .map((n, level): LocalText | null => (n ? { key: 'GNG.Rest.Pools.Slot', data: { level, n } } : null))
    .filter((line): line is LocalText => line !== null);
  return [
    ...slots,
    ...(pools.powerPoints ? [{ key: 'GNG.Rest.Pools.Points', data: { n: pools.powerPoints } }] : []),
  ];
}

/** The list of slots and power points in `pools` ("2 level 3 spell slot(s), 8 power points"), or ''. */
export function poolList(pools: PoolsRestored): string {
  return poolTexts(pools).map(localText).join(', ');
}

/** The slots and power points the rest restored (kept on the card after an Undo). */
function poolLines(state: RestCardState): string[] {
  const list = state.pools ? poolList(state.pools) : '';
  return list ? [f('GNG.Rest.Pools.Restored', { list })] : [];
}

/** The clock line: how far the rest moved it, and what ended with the time. */
function clockLines(state: RestCardState): string[] {
  const clock = state.clock;
  if (!clock) return [];
  const hours = Math.round((clock.to - clock.from) / 3600);
  const lines = [f('GNG.Rest.Clock.Moved', { hours })];
  if (clock.expired.length)
    lines.push(
      f('GNG.Rest.Clock.Ended', {
        effects: clock.expired.map((e) => String(e.source.name ?? '')).join(', '),
      }),
    );
  return lines;
}

/** The card's HTML for `state`. */
export function renderRestCard(state: RestCardState): Promise<string> {
  const { outcome, request } = state;
  const tags = [
    request.interrupted && t('GNG.Rest.Interrupted'),
    request.dayWithLoss && t('GNG.Rest.DayWithLoss'),
    request.healer && t('GNG.Rest.Healer'),
    state.tended && f('GNG.Rest.TendedBy', { healer: state.tended.healer, total: state.tended.total }),
  ].filter((tag): tag is string => Boolean(tag));
  const nonlethal = outcome.nonlethal.before
    ? [f('GNG.Rest.Nonlethal', { before: outcome.nonlethal.before, after: outcome.nonlethal.after })]
    : [];
  return foundry.applications.handlebars.renderTemplate(REST_CARD_TEMPLATE, {
    heading: f('GNG.Rest.Heading', { name: state.name }),
    kind: t(`GNG.Rest.Kind.${request.kind}`),
    tags,
    regained: outcome.hp.regained,
    changes: [
      ...hpLines(state),
      ...nonlethal,
      ...abilityLines(state),
      ...partLines(state),
      ...poolLines(state),
      ...(state.tc ? tcRestLines(state.tc) : []),
      ...clockLines(state),
    ],
    rollsSummary: f('GNG.Rest.Rolls', { count: outcome.rolls.length }),
    rolls: outcome.rolls.map((r) =>
      f(r.recovers ? 'GNG.Rest.Roll.Recovers' : 'GNG.Rest.Roll.Fails', {
        day: r.day,
        part: state.parts[r.part] ?? r.part,
        roll: r.roll,
        chance: r.chance,
      }),
    ),
    targetId: 'actor',
    canUndo: state.applied !== null,
    undone: state.undone ? t('GNG.Rest.Undone') : '',
    undoNotes: undoNoteLines(state.undoNotes),
  });
}
