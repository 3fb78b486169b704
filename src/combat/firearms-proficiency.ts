/**
 * Martial Weapons Proficiency (firearms) (GnG SPECIAL ATTACKS: "The Martial Weapons Proficiency
 * (firearms) feat represents military or paramilitary understanding of firearms"): a feat item with
 * the identifier `martial-weapon-proficiency-firearms`, or a Martial Weapon Proficiency feat named
 * for firearms. Not the sheet's martial-weapons tick: "firearms are Simple Weapons". It lets a shooter
 * control its bursts and lay down suppressing fire (decision "Controlled bursts and the feat",
 * docs/rules.md).
 */
export function hasMartialFirearms(actor: Actor): boolean {
  return actor.items.contents.some((item) => {
    if (item.type !== 'feat') return false;
    const id = (item.system as unknown as { identifier?: string }).identifier ?? '';
    return (
      id === 'martial-weapon-proficiency-firearms' ||
      (id === 'martial-weapon-proficiency' && /firearm/i.test(item.name))
    );
  });
}
