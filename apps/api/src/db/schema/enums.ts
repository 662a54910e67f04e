import {
  AUSTRALIAN_STATES,
  BUILDING_TYPES,
  CAMPAIGN_TYPES,
  PROJECT_TYPES,
  SALES_PERIOD_STAGES,
  SALES_STATUSES,
  STAGES,
} from '@offplan/shared';
import { pgEnum } from 'drizzle-orm/pg-core';

export const buildingTypeEnum = pgEnum('building_type', BUILDING_TYPES);
export const stageEnum = pgEnum('stage', STAGES);
export const salesStatusEnum = pgEnum('sales_status', SALES_STATUSES);
export const projectTypeEnum = pgEnum('project_type', PROJECT_TYPES);
export const campaignTypeEnum = pgEnum('campaign_type', CAMPAIGN_TYPES);
export const salesPeriodStageEnum = pgEnum('sales_period_stage', SALES_PERIOD_STAGES);
export const australianStateEnum = pgEnum('australian_state', AUSTRALIAN_STATES);
export const projectMediaKindEnum = pgEnum('project_media_kind', ['image', 'brochure', 'floorplan']);
