import { addNextCandidate, nextCandidateCost } from './section-state.js';
import type { SectionState } from './section-state.js';

/**
 * Rule 3: share B − total among sections with grow > 0 and candidates, in rounds.
 * Each member of a round gets floor(pool × grow / Σgrow) of the pool as it was at the
 * round's start and adds whole candidates while they fit in what is left of its share;
 * if nobody added anything, the first member adds its next candidate. Never exceeds B.
 */
export function grow(states: readonly SectionState[], budget: number): void {
  for (;;) {
    const pool = budget - totalOf(states);
    const members = roundMembers(states, pool);
    const first = members[0];
    if (first === undefined) return;
    let sumGrow = 0;
    for (const member of members) sumGrow += member.spec.grow;
    let anyAdded = false;
    for (const member of members) {
      let left = Math.floor((pool * member.spec.grow) / sumGrow);
      for (let cost = nextCandidateCost(member); cost !== undefined && cost <= left; cost = nextCandidateCost(member)) {
        addNextCandidate(member);
        left -= cost;
        anyAdded = true;
      }
    }
    if (!anyAdded) addNextCandidate(first);
  }
}

// Sections whose next candidate fits the pool, by grow DESC then input order.
function roundMembers(states: readonly SectionState[], pool: number): SectionState[] {
  const members = states.filter((state) => {
    const cost = nextCandidateCost(state);
    return state.spec.grow > 0 && cost !== undefined && cost <= pool;
  });
  return members.sort((a, b) => (a.spec.grow !== b.spec.grow ? b.spec.grow - a.spec.grow : a.index - b.index));
}

export function totalOf(states: readonly SectionState[]): number {
  let total = 0;
  for (const state of states) total += state.size;
  return total;
}
