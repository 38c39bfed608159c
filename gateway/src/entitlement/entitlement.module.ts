import { Module } from '@nestjs/common';
import { EntitlementCheck } from './entitlement-check.js';

/** The server-side paywall: routes that add receipts ask EntitlementCheck first. */
@Module({ providers: [EntitlementCheck], exports: [EntitlementCheck] })
export class EntitlementModule {}
