export { accessAction, accessLog, accessSubjectType } from './access-log.ts';
export { eventLogKeys, installEventLogKeys } from './event-log-keys.ts';
export { openStoredEvent, sealEvent, type EventContent, type SealedEvent } from './sealed-event.ts';
export { sealLegacyEvents } from './legacy-events.ts';
export {
  countEvents, describeChainReport, verifyEventLog, type BrokenLink, type ChainReport,
} from './chain-verification.ts';
