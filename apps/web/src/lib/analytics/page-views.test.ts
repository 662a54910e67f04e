import type { AnyRouter } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { trackPageViews } from './page-views.ts';

type Listener = (event: { toLocation: { pathname: string } }) => void;

function fakeRouter() {
  let listener: Listener = () => {};
  const state = { matches: [{ fullPath: '/' }] };
  const router = {
    state,
    subscribe: (_type: string, fn: Listener) => {
      listener = fn;
      return () => {
        listener = () => {};
      };
    },
  };
  const resolve = (pathname: string, fullPath: string) => {
    state.matches = [{ fullPath: '/' }, { fullPath }];
    listener({ toLocation: { pathname } });
  };
  return { router: router as unknown as Pick<AnyRouter, 'subscribe' | 'state'>, resolve };
}

describe('page views', () => {
  it('tracks each new path once, with its route pattern', () => {
    const { router, resolve } = fakeRouter();
    const track = vi.fn();
    const stop = trackPageViews(router, track);
    resolve('/dashboard', '/dashboard');
    resolve('/dashboard', '/dashboard'); // only the query changed
    resolve('/projects/42/summary', '/projects/$id/summary');
    stop();
    resolve('/leads', '/leads');
    expect(track.mock.calls).toEqual([
      ['page_viewed', { page_path: '/dashboard', page_route: '/dashboard' }],
      ['page_viewed', { page_path: '/projects/42/summary', page_route: '/projects/$id/summary' }],
    ]);
  });

  it('never sends a token carried in the path', () => {
    const { router, resolve } = fakeRouter();
    const track = vi.fn();
    trackPageViews(router, track);
    resolve('/forgot-password/Zx81kLmQ0pR7sT2vW9yB4nC6', '/forgot-password/$token');
    expect(track).toHaveBeenCalledWith('page_viewed', {
      page_path: '/forgot-password/:redacted',
      page_route: '/forgot-password/$token',
    });
  });
});
