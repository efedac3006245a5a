import { Module } from '@nestjs/common';
import { AnalyticsAnswers } from './analytics-answers.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsService } from './analytics.service.js';

/** A partner's analytics and their CSV, read from the rollups the triggers keep (issue #10). */
@Module({
  controllers: [AnalyticsController],
  providers: [AnalyticsAnswers, AnalyticsRepository, AnalyticsService],
})
export class AnalyticsModule {}
