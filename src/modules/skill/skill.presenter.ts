import type { SkillChangeRow, SkillRow } from './skill.repository.ts';

export interface Level {
  id: string;
  name: string;
}

/** Rounded for reading: the stored estimate keeps its full precision. */
const round = (value: number) => Math.round(value * 100) / 100;

export function presentChange(change: SkillChangeRow) {
  return {
    matchId: change.matchId,
    won: change.won,
    muBefore: round(change.muBefore),
    sigmaBefore: round(change.sigmaBefore),
    muAfter: round(change.muAfter),
    sigmaAfter: round(change.sigmaAfter),
    at: change.at.toISOString(),
  };
}

export function presentOwn(row: SkillRow, extra: { activityName: string | null; declared: Level | null; suggested: Level | null; history: SkillChangeRow[] }) {
  return {
    activity: { id: row.activityId, name: extra.activityName },
    kind: row.kind,
    mu: round(row.mu),
    sigma: round(row.sigma),
    games: row.games,
    updatedAt: row.updatedAt.toISOString(),
    declaredLevel: extra.declared && { id: extra.declared.id, name: extra.declared.name },
    suggestedLevel: extra.suggested && { id: extra.suggested.id, name: extra.suggested.name },
    history: extra.history.map(presentChange),
  };
}

/** Another player's rating as the board shows it: nothing at all when they hide it. */
export function presentShared(skill: { mu: number; sigma: number; games: number; suggestedLevel: Level | null }) {
  return { mu: round(skill.mu), sigma: round(skill.sigma), games: skill.games, suggestedLevel: skill.suggestedLevel };
}
