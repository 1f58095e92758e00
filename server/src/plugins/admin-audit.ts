import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What an admin did, named once: each admin route says which when it has done it. New admin
 * routes add theirs here (issue 22 item 16).
 */
export type AdminAction =
  | 'user.promote'
  | 'user.demote'
  | 'user.remove'
  | 'tool.add'
  | 'tool.remove'
  | 'order.remove'
  | 'order.ship'
  | (string & {});

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Logs an admin action once it is done: the action, the id of what it acted on (an account,
     * a tool, an order), the admin's account id and the client's address. Never an e-mail or
     * any other personal data: ids only (docs/architecture.md#running-in-production).
     */
    auditAdminAction(action: AdminAction, subjectId: string): void;
  }
}

function auditAdminAction(this: FastifyRequest, action: AdminAction, subjectId: string): void {
  this.log.info(
    {
      event: 'admin.action',
      action,
      subjectId,
      // Set by the bearer guard every admin route runs first.
      accountId: this.account?.id ?? null,
      client: this.ip,
    },
    `admin: ${action}`,
  );
}

/** The admin audit log: `request.auditAdminAction(action, subjectId)`, for every admin route. */
export function registerAdminAudit(app: FastifyInstance): void {
  app.decorateRequest('auditAdminAction', auditAdminAction);
}
