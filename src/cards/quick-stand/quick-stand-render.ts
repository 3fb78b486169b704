/** The Quick Stand card's view: its HTML from its state only, in this client's language. */
import { QUICK_STAND_TEMPLATE, type QuickStandCard } from './quick-stand-state.js';
import { t, f } from '../../format.js';

export async function renderQuickStand(card: QuickStandCard): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(QUICK_STAND_TEMPLATE, {
    heading: f('GNG.QuickStand.Heading', { name: card.name }),
    check: f('GNG.QuickStand.Check', { total: card.total, dc: card.dc }),
    result: t(card.stood ? 'GNG.QuickStand.Stood' : 'GNG.QuickStand.Failed'),
    stood: card.stood,
    // The deciding numbers big (Tumble total against the DC); the roll's parts folded away.
    total: card.total,
    dc: card.dc,
    steps: [
      { label: t('GNG.QuickStand.Die'), value: String(card.natural) },
      { label: t('GNG.QuickStand.Bonus'), value: card.bonus < 0 ? `−${-card.bonus}` : `+${card.bonus}` },
    ],
    provokes: t('GNG.QuickStand.Provokes'),
  });
}
