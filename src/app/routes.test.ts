import type { RouteObject } from 'react-router';
import type { FeatureFlows, FeatureHost, FeatureName } from '../shared/feature';
import { paths } from '../shared/paths';
import { rosterFeature } from '../features/roster/feature';
import { contentFeature } from '../features/content/feature';
import { createRoutes } from './routes';

function findRoute(routes: RouteObject[], path: string): RouteObject | undefined {
  for (const route of routes) {
    if (route.path === path) return route;
    const inner = findRoute(route.children ?? [], path);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * On a phone's few connections the chunks asked for first come first; a page's data waits for its
 * feature's flows (their sagas ask for it), so the flows' chunk must not queue behind the page's.
 */
describe('a screen’s route asks for its features’ flows before its page', () => {
  const cases = [
    { name: 'students list', feature: rosterFeature, path: paths.studentsList.pattern, joins: 'roster' },
    { name: 'select model', feature: contentFeature, path: paths.selectModel.pattern, joins: 'content' },
  ] as const;

  it.each(cases)('$name', async ({ feature, path, joins }) => {
    const order: string[] = [];
    const host: FeatureHost = {
      joinFeature: async (name: FeatureName) => {
        order.push(`join ${name}`);
        return { slices: [] } satisfies FeatureFlows;
      },
      hasJoined: () => false,
    };
    const screen = (feature.screens ?? []).find((s) => s.path === path)!;
    const page = jest.spyOn(screen, 'page').mockImplementation(async () => {
      order.push('page');
      return { default: () => null };
    });
    try {
      const route = findRoute(createRoutes(host), path);
      expect(typeof route?.lazy).toBe('function');
      await (route!.lazy as () => Promise<unknown>)();
      expect(order).toEqual([`join ${joins}`, 'page']);
    } finally {
      page.mockRestore();
    }
  });
});
