"""tf.distribute.cluster_resolver: descriptions of a cluster, and RayClusterResolver, which runs one."""
from varrt.distribute.cluster_resolver.cluster_resolver import ClusterResolver, SimpleClusterResolver
from varrt.distribute.cluster_resolver.ray_cluster_resolver import RayClusterResolver
from varrt.distribute.cluster_resolver.tfconfig_cluster_resolver import TFConfigClusterResolver
from varrt.distribute.cluster_resolver.union_resolver import UnionClusterResolver

UnionResolver = UnionClusterResolver  # TensorFlow's public name

__all__ = ["ClusterResolver", "RayClusterResolver", "SimpleClusterResolver", "TFConfigClusterResolver",
           "UnionResolver"]
