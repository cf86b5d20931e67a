// RESCOPERP¤¬IZE: the waref REDUCESWOPE_WARPASIZEsiln{
    __shar¾ed_  }
}
