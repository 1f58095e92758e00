import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ToolsSection } from '../../features/catalog/components/tools-section';
import { BusinessSummarySection } from '../../features/company/components/business-summary-section';
import { ContactSection } from '../../features/company/components/contact-section';
import { GallerySection } from '../../features/company/components/gallery-section';
import { HeroSection } from '../../features/company/components/hero-section';
import { ReviewsSection } from '../../features/reviews/components/reviews-section';

/**
 * A link such as /#reviews is scrolled to by the router at once, while the sections above it still
 * show spinners; once their data is in, the section has moved down. Scroll to it again then.
 */
function useScrollToHashOnceSettled() {
  const { hash, key } = useLocation();
  const queryClient = useQueryClient();
  // Re-runs the effect whenever a fetch starts or ends; the effect then asks the live count,
  // because on the first render the sections' fetches have not started yet.
  const fetching = useIsFetching();
  const settledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!hash || settledFor.current === key || queryClient.isFetching() > 0) return;
    settledFor.current = key;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, key, fetching, queryClient]);
}

/** / and /home: the sections in SPEC.md's order (the footer comes with the shell). */
export default function HomePage() {
  useScrollToHashOnceSettled();
  return (
    <>
      <HeroSection />
      <ToolsSection />
      <ReviewsSection />
      <GallerySection />
      <BusinessSummarySection />
      <ContactSection />
    </>
  );
}
