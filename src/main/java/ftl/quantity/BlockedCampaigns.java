package ftl.quantity;

import ftl.quantity.core.BlockContrasts;
import ftl.quantity.core.BlockEntries;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Quantity;
import ftl.quantity.section.BlockConditionQuantities;
import ftl.quantity.section.BlockContrastQuantities;
import ftl.quantity.section.BlockRunQuantities;
import ftl.quantity.section.ConfirmQuantities;
import java.util.ArrayList;
import java.util.List;

/**
 * The campaign-level entries of the campaigns registered in blocks ({@link BlockEntries#BLOCKED}), present in every
 * registry (the paper's abstract quotes some, whatever the data root): put together, campaign by campaign and in the
 * registry's order, from the sections that compute them: the run accounting ({@link BlockRunQuantities}), the
 * registered contrasts and interactions ({@link BlockContrastQuantities}), the cluster's registered conditions
 * ({@link BlockConditionQuantities#registered}) and two figures of single campaigns ({@link ConfirmQuantities}).
 * Without a campaign each of its entries is unavailable ("no campaign data present"). A section may not name another
 * ({@code QuantityLayersTest}), so the order that interleaves them is kept here, beside the registry.
 */
final class BlockedCampaigns {
  private static final String CONFIRM = CampaignCatalogue.CONFIRM.folder();
  private static final String SETTING = CampaignCatalogue.SETTING.folder();
  private static final String CLUSTER = CampaignCatalogue.CLUSTER.folder();
  private static final String QUEUES = CampaignCatalogue.RABBITMQ_QUEUES.folder();
  /**
   * The blocked campaigns on other systems that manipulate the stamping threads (conditions base, fifo, split, load90).
   */
  private static final List<String> MANIPULATED = CampaignCatalogue.SYSTEM_MANIPULATIONS.stream()
      .map(CampaignCatalogue::folder).toList();

  private BlockedCampaigns() {}

  /** Every blocked campaign's campaign-level entries, the confirmatory campaign's first. */
  static List<Quantity> all() {
    List<Quantity> q = new ArrayList<>();
    for (String campaign : BlockEntries.BLOCKED) {
      q.addAll(campaignLevel(campaign));
    }
    return q;
  }

  /** The campaign-level entries of one blocked campaign, in the registry's order. */
  private static List<Quantity> campaignLevel(String name) {
    List<Quantity> q = new ArrayList<>(BlockRunQuantities.exclusions(name));
    if (name.equals(QUEUES)) {
      q.addAll(BlockContrastQuantities.contrasts(name, BlockContrasts.QUEUES_CONTRASTS));
    }
    if (name.equals(SETTING) || name.equals(CLUSTER) || name.equals(QUEUES)) {
      q.addAll(BlockRunQuantities.host(name));
    }
    if (name.equals(CLUSTER)) {
      q.addAll(BlockRunQuantities.cluster(name));
      q.addAll(ConfirmQuantities.clusterFigures(name));
      q.addAll(BlockContrastQuantities.contrasts(name, BlockContrasts.CLUSTER_CONTRASTS));
      q.addAll(BlockConditionQuantities.registered(name));
    }
    if (name.equals(SETTING)) {
      q.addAll(ConfirmQuantities.settingFigures(name));
      q.addAll(BlockContrastQuantities.contrasts(name, BlockContrasts.SETTING_CONTRASTS));
      q.addAll(BlockContrastQuantities.interactions(name, BlockContrasts.SETTING_INTERACTIONS));
    }
    if (name.equals(CONFIRM)) {
      q.addAll(BlockRunQuantities.confirm(name));
    }
    q.addAll(BlockRunQuantities.measured(name));
    if (MANIPULATED.contains(name)) {
      q.addAll(BlockContrastQuantities.contrasts(name, BlockContrasts.SYSTEM_CONTRASTS));
    }
    if (name.equals(CONFIRM)) {
      q.addAll(BlockContrastQuantities.contrasts(name, BlockContrasts.CONTRASTS));
    }
    return q;
  }
}
