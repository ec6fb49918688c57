import AddRounded from '@mui/icons-material/AddRounded';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { computeProfit, formatMoney, formatPercent } from '@rainmakers/contracts/profit';
import { EARNINGS_DISCLAIMER, PRODUCTS_EMPTY } from '@rainmakers/contracts/tools-constants';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { type ProductBody, useProducts } from '../../api/tools';
import { PageHeader } from '../../components/PageHeader';
import { TabStrip } from '../../components/TabStrip';
import { formatNumber } from '../../lib/dates';
import { MAX_COMPARED, toggleCompared } from './compare';
import { type FormKind, METRICS_FORM, TABS, type Tab as TabValue } from './productForms';

const ProductFormDialog = lazy(() => import('./ProductFormDialog'));
const CompareDialog = lazy(() => import('./CompareDialog'));
// The detail view's fee slider (MUI Slider, toggle buttons): fetched when a product is opened, not with the list.
const AdditionalFeesPanel = lazy(() =>
  import('./AdditionalFeesPanel').then((m) => ({ default: m.AdditionalFeesPanel })),
);

type Figure = { label: string; value: string; note?: string };

/** The figures each tab's card shows (spec §2). */
const BLOCKS: Record<Exclude<TabValue, 'all'>, { title: string; figures: (p: ProductBody) => Figure[] }> = {
  product: {
    title: 'Product',
    figures: (p) => [
      { label: 'Estimated Profit Per Unit', value: formatMoney(p.potentialProfit) },
      { label: 'Profit Margin', value: formatPercent(p.profitMargin) },
    ],
  },
  promotion: {
    title: 'Promotion',
    figures: (p) => [
      { label: 'Promotion Cost', value: formatMoney(p.promotionCost) },
      { label: 'Promotion Revenue', value: formatMoney(p.promotionRevenue) },
    ],
  },
  advertising: {
    title: 'Advertising',
    figures: (p) => [
      { label: 'Break-even ACoS', value: formatPercent(p.ACOSBreakEven) },
      { label: 'Campaign ACoS', value: formatPercent(p.campaignACOS) },
    ],
  },
  planning: {
    title: 'Planning',
    figures: (p) => [
      { label: 'Monthly Gross', value: formatMoney(p.monthlyGross) },
      { label: 'Monthly Profit', value: formatMoney(p.monthlyProfit) },
    ],
  },
};
const BLOCK_ORDER = ['product', 'promotion', 'advertising', 'planning'] as const;

function Figures({ figures }: { figures: Figure[] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, m: 0 }}>
      {figures.map((f) => (
        <Box key={f.label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {f.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.15rem' }}>
            {f.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function ProductCard({
  product,
  tab,
  onEdit,
  onEditMetrics,
  onView,
  compared,
  compareFull,
  onCompare,
}: {
  product: ProductBody;
  tab: TabValue;
  onEdit: () => void;
  onEditMetrics: () => void;
  onView: () => void;
  compared: boolean;
  compareFull: boolean;
  onCompare: () => void;
}) {
  const blocks = tab === 'all' ? BLOCK_ORDER : [tab];
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={product.title}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
          <Typography variant="h3" sx={{ fontSize: '1.15rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {product.title}
          </Typography>
          <Button size="small" startIcon={<EditRounded />} onClick={onEdit} aria-label={`Edit ${product.title}`}>
            Edit
          </Button>
        </Box>
        {product.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {product.description}
          </Typography>
        )}
        <Box sx={{ display: 'grid', gap: 2 }}>
          {blocks.map((b) => (
            <Box key={b}>
              {tab === 'all' && (
                <Typography variant="overline" component="h4" color="text.secondary">
                  {BLOCKS[b].title}
                </Typography>
              )}
              <Figures figures={BLOCKS[b].figures(product)} />
            </Box>
          ))}
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" size="small" onClick={onEditMetrics}>
          Edit Metrics
        </Button>
        {(tab === 'product' || tab === 'all') && (
          <Button variant="contained" size="small" onClick={onView}>
            View Metrics
          </Button>
        )}
        <FormControlLabel
          sx={{ ml: 'auto' }}
          control={
            <Checkbox size="small" checked={compared} disabled={!compared && compareFull} onChange={onCompare} />
          }
          label="Compare"
        />
      </CardActions>
    </Card>
  );
}

/**
 * The detail view: back, edit, Additional Fees Per Unit, and the grid of computed totals. While the fee slider or
 * field moves, the totals are worked out here with the server's own formulas (contracts' computeProfit) for the
 * fee shown; Save makes the server's figures the ones kept.
 */
function ProductDetail({ product, onBack, onEdit }: { product: ProductBody; onBack: () => void; onEdit: () => void }) {
  const showFees = product.abilities.editAdditionalFees;
  const [previewPercent, setPreviewPercent] = useState<number | null>(null);
  const onPreview = useCallback((percent: number) => setPreviewPercent(percent), []);
  const unsaved = previewPercent !== null && Math.abs(previewPercent - product.additionalFees) > 0.001;
  const figures = unsaved ? { ...product, ...computeProfit({ ...product, additionalFees: previewPercent }) } : product;
  // Basic members do not see the fees panel: the fee folded into 'Total Amazon Fees' is named next to it.
  const feeNote =
    !showFees && product.totalAdditionalFees > 0
      ? `Includes the ${formatMoney(product.totalAdditionalFees)} additional fee (${formatPercent(product.additionalFees)} of the retail price for storage, returns and other costs)`
      : undefined;
  const totals: Figure[] = [
    { label: 'Amazon Retail Price', value: formatMoney(figures.amazonRetailPrice) },
    { label: 'Total Cost Per Unit', value: formatMoney(figures.totalCostPerUnit) },
    ...(showFees ? [{ label: 'Total Additional Fees', value: formatMoney(figures.totalAdditionalFees) }] : []),
    { label: 'Total Amazon Fees', value: formatMoney(figures.totalAmazonFees), note: feeNote },
    { label: 'Amazon Net', value: formatMoney(figures.amazonNet) },
    { label: 'Net Profit Per Unit', value: formatMoney(figures.netProfitPerUnit) },
    { label: 'Total Estimated Profit Per Unit', value: formatMoney(figures.totalEstimatedProfitPerUnit) },
    { label: 'Profit Margin', value: formatPercent(figures.profitMargin) },
    { label: 'Number of Units', value: formatNumber(figures.units) },
    {
      label: 'Total Manufacturing, Shipping & Customs Cost',
      value: formatMoney(figures.totalManufacturingShippingCustomsCost),
    },
    { label: 'Total Cost', value: formatMoney(figures.totalCost) },
    { label: 'Total Estimated Bulk Order Profit', value: formatMoney(figures.totalEstimatedBulkOrderProfit) },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<ArrowBackRounded />} onClick={onBack}>
          back to products
        </Button>
        <Button startIcon={<EditRounded />} onClick={onEdit}>
          Edit product
        </Button>
      </Box>
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.5rem', overflowWrap: 'anywhere' }}>
          {product.title}
        </Typography>
        {product.description && <Typography color="text.secondary">{product.description}</Typography>}
      </Box>
      <Suspense fallback={<Skeleton variant="rounded" height={180} />}>
        <AdditionalFeesPanel key={`${product.id}-${product.updatedAt}`} product={product} onPreview={onPreview} />
      </Suspense>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h3" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: unsaved ? 1 : 2 }}>
          Totals
        </Typography>
        {unsaved && (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 2 }}>
            Showing the additional fees you set above ({formatPercent(previewPercent)}). Save to keep them.
          </Typography>
        )}
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 2, m: 0 }}
        >
          {totals.map((f) => (
            <Box key={f.label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {f.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.1rem' }}>
                {f.value}
                {f.note && (
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {f.note}
                  </Typography>
                )}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
    </Box>
  );
}

/** The Power Profit Tool (spec part 2 §2, /profit-calculator). */
export default function ProfitCalculatorPage() {
  const products = useProducts();
  const [tab, setTab] = useState<TabValue>('product');
  // The detail view has its own address (/profit-calculator?product=12): a reload or a shared link reopens it, and
  // Back (the browser's or 'back to products') returns to the list.
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const productParam = Number(params.get('product'));
  const viewing = Number.isInteger(productParam) && productParam > 0 ? productParam : null;
  const openedFromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  const setViewing = (id: number | null) => {
    if (id !== null) navigate({ search: `?product=${id}` }, { state: { fromList: true } });
    else if (openedFromList) navigate(-1);
    else navigate({ search: '' }, { replace: true });
  };
  const [form, setForm] = useState<{ kind: FormKind; product: ProductBody | null } | null>(null);
  const [compared, setCompared] = useState<number[]>([]);
  const [comparing, setComparing] = useState(false);
  const list = products.data ?? [];
  const detail = viewing === null ? null : (list.find((p) => p.id === viewing) ?? null);
  const missingProduct = viewing !== null && products.isSuccess && !detail;
  const tabLabel = TABS.find((t) => t.value === tab)?.label ?? '';
  const add = () => setForm({ kind: 'product', product: null });
  const comparedProducts = list.filter((p) => compared.includes(p.id));

  return (
    <Box>
      <PageHeader
        title="Power Profit Tool"
        actions={
          <Button variant="contained" startIcon={<AddRounded />} onClick={add}>
            Add a Product
          </Button>
        }
      />
      <Alert severity="info" sx={{ mb: 3 }}>
        {EARNINGS_DISCLAIMER}
      </Alert>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <TabStrip
          value={tab}
          onChange={(next) => {
            setTab(next);
            if (viewing !== null) setViewing(null);
          }}
          label="Power Profit Tool sections"
          tabs={TABS.map((t) => ({ value: t.value, label: t.label, id: `ppt-tab-${t.value}`, controls: 'ppt-panel' }))}
        />
      </Box>
      <Box role="tabpanel" id="ppt-panel" aria-labelledby={`ppt-tab-${tab}`}>
        {detail ? (
          <ProductDetail
            product={detail}
            onBack={() => setViewing(null)}
            onEdit={() => setForm({ kind: 'product', product: detail })}
          />
        ) : (
          <>
            {missingProduct && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                That product was not found: it may have been deleted. Here are your products.
              </Alert>
            )}
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 2 }}>
              <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>
                {tabLabel}
              </Typography>
              {comparedProducts.length >= 2 && (
                <Button variant="outlined" onClick={() => setComparing(true)}>
                  Compare ({comparedProducts.length})
                </Button>
              )}
            </Box>
            {products.isPending ? (
              <Box
                role="status"
                aria-label="Loading products"
                sx={{ display: 'flex', justifyContent: 'center', py: 6 }}
              >
                <CircularProgress />
              </Box>
            ) : list.length === 0 ? (
              <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
                <Typography sx={{ mb: 2 }}>{PRODUCTS_EMPTY}</Typography>
                <Button variant="contained" startIcon={<AddRounded />} onClick={add}>
                  Add my first Product
                </Button>
              </Paper>
            ) : (
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
                }}
              >
                {list.map((p) => (
                  <ProductCard
                    key={p.id}
                    product={p}
                    tab={tab}
                    onEdit={() => setForm({ kind: 'product', product: p })}
                    onEditMetrics={() => setForm({ kind: METRICS_FORM[tab], product: p })}
                    onView={() => {
                      setTab('product');
                      setViewing(p.id);
                    }}
                    compared={compared.includes(p.id)}
                    compareFull={compared.length >= MAX_COMPARED}
                    onCompare={() => setCompared((current) => toggleCompared(current, p.id))}
                  />
                ))}
              </Box>
            )}
          </>
        )}
      </Box>
      {comparing && comparedProducts.length >= 2 && (
        <Suspense fallback={null}>
          <CompareDialog products={comparedProducts} onClose={() => setComparing(false)} />
        </Suspense>
      )}
      {form && (
        <Suspense fallback={null}>
          <ProductFormDialog
            kind={form.kind}
            product={form.product}
            onClose={() => setForm(null)}
            onDeleted={(id) => {
              if (viewing === id) setViewing(null);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
