import { Module } from '@nestjs/common';
import { VisitorConsentReader } from '../queries/visitor-consent.reader';
import { SegmentForwarding } from './segment-forwarding.service';

/** Forwarding of recorded analytics messages to Segment (SEGMENT_WRITE_KEY). */
@Module({
  providers: [SegmentForwarding, VisitorConsentReader],
})
export class SegmentModule {}
