import type { ProjectMemberRow } from './common.ts';

/** Approved project members, each (project, user) once, in the order they were first added. */
export type ProjectMembers = ReturnType<typeof createProjectMembers>;

export function createProjectMembers() {
  const rows: ProjectMemberRow[] = [];
  const memberships = new Set<string>();
  return {
    rows,
    has: (projectId: number, userId: string) => memberships.has(`${projectId}:${userId}`),
    add(projectId: number, userId: string, createdAt: Date) {
      const key = `${projectId}:${userId}`;
      if (memberships.has(key)) return;
      memberships.add(key);
      rows.push({ projectId, userId, createdAt });
    },
  };
}
