const t = (key: string) => game.i18n.localize(key);

/** The immunities that stopped a hit, in words ("Fire, Weapon damage"), for any card's damage line. */
export function immunityWords(immune: readonly string[]): string {
  return immune
    .map((what) =>
      what === 'weapon damage' ? t('GNG.Attack.Property.WeaponDamage') : t(`GNG.DamageType.${what}`),
    )
    .join(', ');
}
