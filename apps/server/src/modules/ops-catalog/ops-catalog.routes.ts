import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import {
  ConfigParams,
  OpsConfigChange,
  OpsConfigHistory,
  OpsConfigList,
  OpsConfigRollbackBody,
  OpsConfigUpdateBody,
  OpsOrderDetail,
  OpsOrderList,
  OpsPlan,
  OpsPlanBody,
  OpsPlanList,
  OpsReconciliation,
  OpsRefundBody,
  OrderParams,
  OrdersQuery,
  PlanParams,
  ReconciliationQuery,
  toConfigChange,
  toConfigHistory,
  toConfigList,
  toOrderDetail,
  toOrderList,
  toPlan,
  toReconciliation,
} from './ops-catalog.schemas.js';
import type { OpsCatalogService } from './ops-catalog.service.js';

const errors = { ...errorResponses, 403: ErrorResponse };
const changeErrors = { ...errors, 409: ErrorResponse };
const catalogueId = { in: 'params', path: 'id', why: 'a catalogue entry, not a subscriber resource' } as const;
const orderId = { in: 'params', path: 'id', why: "any subscriber's order: the console's permission is the check" } as const;

/** The console's plans, remote configuration and orders (issue 27); every route is an operator's, under /api/ops. */
export const opsCatalogRoutes: FastifyPluginAsyncTypebox<{ ops: OpsCatalogService }> = async (app, { ops }) => {
  // --- plans
  app.get(
    '/ops/plans',
    {
      config: { access: { permission: 'ops.plan.read' } },
      schema: { operationId: 'opsListPlans', summary: 'List plans', tags: ['ops'], response: { 200: OpsPlanList, ...errors } },
    },
    async () => ({ items: (await ops.listPlans()).map(toPlan) }),
  );

  app.post(
    '/ops/plans',
    {
      config: { access: { permission: 'ops.plan.write' } },
      schema: { operationId: 'opsCreatePlan', summary: 'Create a plan', tags: ['ops'], body: OpsPlanBody, response: { 200: OpsPlan, ...changeErrors } },
    },
    async (req) => toPlan(await ops.createPlan(req.operator!, req.body)),
  );

  app.put(
    '/ops/plans/:id',
    {
      config: { access: { permission: 'ops.plan.write', notIds: [catalogueId] } },
      schema: { operationId: 'opsUpdatePlan', summary: 'Update a plan', tags: ['ops'], params: PlanParams, body: OpsPlanBody, response: { 200: OpsPlan, ...changeErrors } },
    },
    async (req) => toPlan(await ops.updatePlan(req.operator!, req.params.id, req.body)),
  );

  // --- remote configuration
  app.get(
    '/ops/config',
    {
      config: { access: { permission: 'ops.config.read' } },
      schema: { operationId: 'opsListConfig', summary: 'List remote configuration', tags: ['ops'], response: { 200: OpsConfigList, ...errors } },
    },
    async () => toConfigList(await ops.listConfig()),
  );

  app.put(
    '/ops/config/:name',
    {
      config: { access: { permission: 'ops.config.write' } },
      schema: { operationId: 'opsUpdateConfig', summary: 'Change a remote configuration value', tags: ['ops'], params: ConfigParams, body: OpsConfigUpdateBody, response: { 200: OpsConfigChange, ...changeErrors } },
    },
    async (req) => toConfigChange(await ops.updateConfig(req.operator!, req.params.name, req.body)),
  );

  app.get(
    '/ops/config/:name/history',
    {
      config: { access: { permission: 'ops.config.read' } },
      schema: { operationId: 'opsConfigHistory', summary: "List a configuration value's versions", tags: ['ops'], params: ConfigParams, response: { 200: OpsConfigHistory, ...errors } },
    },
    async (req) => toConfigHistory(await ops.configHistory(req.params.name)),
  );

  app.post(
    '/ops/config/:name/rollback',
    {
      config: {
        access: { permission: 'ops.config.write', notIds: [{ in: 'body', path: 'versionId', why: 'a remote-config version, not a subscriber resource' }] },
      },
      schema: { operationId: 'opsRollbackConfig', summary: 'Roll a configuration value back', tags: ['ops'], params: ConfigParams, body: OpsConfigRollbackBody, response: { 200: OpsConfigChange, ...changeErrors } },
    },
    async (req) => toConfigChange(await ops.rollbackConfig(req.operator!, req.params.name, req.body)),
  );

  // --- orders
  app.get(
    '/ops/orders',
    {
      config: { access: { permission: 'ops.order.read' } },
      schema: { operationId: 'opsSearchOrders', summary: 'Search orders', tags: ['ops'], querystring: OrdersQuery, response: { 200: OpsOrderList, ...errors } },
    },
    async (req) => toOrderList(await ops.searchOrders(req.query.q)),
  );

  app.get(
    '/ops/orders/:id',
    {
      config: { access: { permission: 'ops.order.read', notIds: [orderId] } },
      schema: { operationId: 'opsGetOrder', summary: 'Get an order', tags: ['ops'], params: OrderParams, response: { 200: OpsOrderDetail, ...errors } },
    },
    async (req) => toOrderDetail(await ops.getOrder(req.params.id)),
  );

  app.post(
    '/ops/orders/:id/refund',
    {
      config: {
        access: {
          permission: 'ops.order.refund',
          notIds: [orderId, { in: 'body', path: 'idempotencyKey', why: "the console's refund key, not a resource" }],
        },
      },
      schema: { operationId: 'opsRefundOrder', summary: 'Refund an order', tags: ['ops'], params: OrderParams, body: OpsRefundBody, response: { 200: OpsOrderDetail, ...changeErrors } },
    },
    async (req) => toOrderDetail(await ops.refundOrder(req.operator!, req.params.id, req.body)),
  );

  app.get(
    '/ops/reconciliation',
    {
      config: { access: { permission: 'ops.order.read' } },
      schema: { operationId: 'opsReconciliation', summary: 'Get the daily payment reconciliation', tags: ['ops'], querystring: ReconciliationQuery, response: { 200: OpsReconciliation, ...errors } },
    },
    async (req) => toReconciliation(await ops.reconciliation(req.query.date)),
  );
};
