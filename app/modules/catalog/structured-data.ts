import { catalog } from "./catalog.ts";
import { priceForDestination } from "./pricing.ts";

/**
 * The deck as search engines read it: a schema.org Product in JSON-LD (the start page's `meta`), with the price a
 * buyer in Germany pays for the plain deck, VAT included, and "made to order", which is what it is. Names and
 * description come in the page's language.
 */
export function productStructuredData({ name, description }: { name: string; description: string }) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name,
    description,
    brand: { "@type": "Brand", name: catalog.shopName },
    offers: {
      "@type": "Offer",
      price: (priceForDestination(catalog.product.basePriceCents) / 100).toFixed(2),
      priceCurrency: catalog.currency,
      availability: "https://schema.org/MadeToOrder",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}
