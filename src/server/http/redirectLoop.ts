/**
 * Whether a redirect rule, saved beside the stored ones, sends visitors round in a circle: its target
 * is followed through the rules as the server answers them (a page's address in its canonical case
 * first, then `matchRedirect`) until it leaves the rules, leaves the site, or comes back.
 */
import { canonicalPagePath, isExternalTarget, isReservedPath } from '../../shared/routes';
import { matchRedirect, type RedirectRule } from './redirects';

/** Most redirects followed before a chain counts as endless (browsers give up at about 20). */
const MAX_HOPS = 20;

/**
 * The circle `rule` closes with `others` (the stored rules without its own stored version), as the
 * addresses a visitor passes (`['/a', '/b', '/a']`; a self-redirect is `['/a', '/a']`; a chain that
 * only grows, as `/a` → `/a/b` keeping the rest, ends in '…'), or null when its target leads out.
 * Zip rules and targets on other sites lead out.
 */
export function redirectLoopOf(others: RedirectRule[], rule: RedirectRule): string[] | null {
  if (rule.match !== 'prefix' || !rule.to || isExternalTarget(rule.to)) return null;
  const rules = [...others, rule];
  const chain = [rule.from];
  let next: string | null = canonicalPagePath(rule.to) ?? rule.to;
  for (let hop = 0; hop < MAX_HOPS; hop += 1) {
    if (chain.includes(next)) return [...chain, next];
    chain.push(next);
    if (isExternalTarget(next) || isReservedPath(next)) return null;
    const target = matchRedirect(rules, next, '');
    if (target === null) return null;
    next = canonicalPagePath(target) ?? target;
  }
  return [...chain, '…'];
}
